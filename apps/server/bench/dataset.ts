/**
 * The benchmark dataset, written straight with SQL (set-based INSERT … SELECT over generate_series),
 * so 1.2 million rows land in well under a couple of minutes. Every value comes from a hash of the
 * row's position (`rnd(key)`): the same seed gives the same dataset on every machine and database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { rowsOf } from '../src/db/client.ts';
import { refreshJobLists } from '../src/features/workshop/job-lists.service.ts';

export const BENCH_SEED = 'hr-bench-v1';
export const BENCH_PASSWORD = 'BenchPassw0rd!2026';
export const BENCH_DOMAIN = 'bench.example';
/** Holiday requests are spread over these three years; later than PENDING_FROM they are still pending. */
export const YEARS = { from: '2024-01-01', days: 1096 } as const;
export const PENDING_FROM = '2026-10-15';
/** The month the calendar benchmark reads. */
export const CALENDAR_MONTH = '2026-03';
/** The day of that month whose full list ("+N more") the benchmark reads. */
export const CALENDAR_DAY = '2026-03-16';

export interface BenchCompany {
  key: string;
  name: string;
  employees: number;
  requestsPerEmployee: number;
  workOrders: number;
  products: number;
  components: number;
  /** Pending requests waiting for the approver (the approval benchmark decides them). */
  approvalPool: number;
}

const company = (key: string, employees: number, extra: Partial<BenchCompany> = {}): BenchCompany => ({
  key,
  name: `Bench ${key}`,
  employees,
  requestsPerEmployee: 20,
  workOrders: Math.min(employees, 2000),
  products: 20,
  components: 200,
  approvalPool: 0,
  ...extra,
});

/**
 * 20 companies: the 5,000-employee company of the issue (100,000 holiday requests over three years,
 * 2,000 open work orders over 200 BOM products and 5,000 components), the 500 and 50,000 companies
 * of the scaling runs (with as many work orders as employees), and 17 small ones.
 */
export function benchCompanies(options: { withLargest: boolean }): BenchCompany[] {
  const list = [
    company('s5000', 5_000, { workOrders: 2_000, products: 200, components: 5_000, approvalPool: 10_000 }),
    company('s500', 500, { workOrders: 500, products: 50, components: 500 }),
  ];
  if (options.withLargest) {
    list.push(company('s50000', 50_000, { workOrders: 50_000, products: 200, components: 5_000 }));
  }
  for (let i = 1; list.length < (options.withLargest ? 20 : 19); i++) {
    list.push(company(`small${String(i).padStart(2, '0')}`, 20, { requestsPerEmployee: 10, workOrders: 10 }));
  }
  return list;
}

/** Users with a password (the benchmark signs in as them): owner, managers 1-2, approver, submitters. */
export const LOGIN_USERS = 50;
/** Employee numbers with a role in the benchmark. */
export const ROLES_BY_NUMBER = { owner: 1, manager: 2, approver: 3, firstSubmitter: 11, submitters: 10 };

export const emailOf = (companyKey: string, n: number) => `${companyKey}-e${n}@${BENCH_DOMAIN}`;

/** A deterministic uuid (version 4 layout) for a key. */
const uuidOf = (key: ReturnType<typeof sql>) =>
  sql`overlay(overlay(md5(${sql.raw(`'${BENCH_SEED}:'`)} || (${key})::text) placing '4' from 13) placing '8' from 17)::uuid`;
/** A deterministic integer in [0, 2^31) for a key. */
const rnd = (key: ReturnType<typeof sql>) =>
  sql`(('x' || substr(md5(${sql.raw(`'${BENCH_SEED}:'`)} || (${key})::text), 1, 8))::bit(32)::int & 2147483647)`;

export async function benchDataPresent(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from companies where name like 'Bench %'`),
  );
  return (row?.n ?? 0) > 0;
}

/** Writes one company. Runs as the table owner, in one transaction, with FK triggers off (data is consistent by construction). */
export async function seedCompany(db: Db, c: BenchCompany, passwordHash: string): Promise<void> {
  const k = c.key;
  const kt = sql`${k}::text`;
  const companyId = uuidOf(sql`${`company:${k}`}::text`);
  const userId = (n: ReturnType<typeof sql>) => uuidOf(sql`${`user:${k}:`}::text || ${n}`);
  const employeeId = (n: ReturnType<typeof sql>) => uuidOf(sql`${`employee:${k}:`}::text || ${n}`);
  // Employees 2..101 are line managers (reporting to the owner); everyone else reports to one of them.
  const managerOf = (n: ReturnType<typeof sql>) =>
    sql`case when ${n} = 1 then null when ${n} <= 101 then ${userId(sql`1`)} else ${userId(sql`(2 + (${n} % 100))`)} end`;
  const N = c.employees;

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into companies (id, name, legal_name, trading_name)
      values (${companyId}, ${c.name}, ${`${c.name} Ltd`}, ${c.name})`);
    await tx.execute(sql`insert into company_settings (company_id) values (${companyId})`);
    await tx.execute(sql`insert into auth_users (id, name, email, email_verified)
      select ${userId(sql`n`)}, 'Employee ' || n, ${kt} || '-e' || n || ${`@${BENCH_DOMAIN}`}, true
      from generate_series(1, ${N}) n`);
    await tx.execute(sql`insert into auth_accounts (id, account_id, provider_id, user_id, password)
      select ${userId(sql`n`)}::text, ${userId(sql`n`)}::text, 'credential', ${userId(sql`n`)}, ${passwordHash}
      from generate_series(1, ${Math.min(N, LOGIN_USERS)}) n`);
    await tx.execute(sql`insert into profiles (id, company_id, first_login_completed, full_name, email, position, line_manager, is_line_manager)
      select ${userId(sql`n`)}, ${companyId}, true, 'Employee ' || n, ${kt} || '-e' || n || ${`@${BENCH_DOMAIN}`},
        (array['Fitter','Engineer','Driver','Planner','Buyer'])[1 + ${rnd(sql`'pos:' || n`)} % 5],
        ${managerOf(sql`n`)}, n between 2 and 101
      from generate_series(1, ${N}) n`);
    await tx.execute(sql`insert into user_roles (user_id, role)
      select ${userId(sql`n`)}, case when n = 1 then 'super_admin' else 'operative' end
      from generate_series(1, ${N}) n`);
    // Regions and part-time weeks (issue 18): one in ten in Scotland, one in twenty in Northern Ireland;
    // one in five works Monday to Wednesday, one in ten Monday to Thursday. The bench's own users (the
    // first 100: owner, manager, approver, submitters) keep the company's week and region.
    await tx.execute(sql`insert into employee_records (id, company_id, user_id, full_name, email, position, department, employee_number, start_date, annual_holiday_days, line_manager_id, created_at, region, working_pattern)
      select ${employeeId(sql`n`)}, ${companyId}, ${userId(sql`n`)},
        (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Evans','Thomas','Roberts','Walker'])[1 + ${rnd(sql`'ln:' || n`)} % 10] || ' ' || 'Employee ' || n,
        ${kt} || '-e' || n || ${`@${BENCH_DOMAIN}`},
        (array['Fitter','Engineer','Driver','Planner','Buyer'])[1 + ${rnd(sql`'pos:' || n`)} % 5],
        (array['Workshop','Office','Yard','Sales'])[1 + ${rnd(sql`'dep:' || n`)} % 4],
        'E' || lpad(n::text, 6, '0'), date '2015-01-01' + (${rnd(sql`'start:' || n`)} % 3650), 28,
        ${managerOf(sql`n`)}, timestamptz '2020-01-01' + n * interval '1 minute',
        case when n <= 100 then null when n % 10 = 7 then 'scotland' when n % 20 = 9 then 'northern-ireland' end,
        case when n <= 100 then null when n % 5 = 3 then '{monday,tuesday,wednesday}'::text[]
          when n % 10 = 4 then '{monday,tuesday,wednesday,thursday}'::text[] end
      from generate_series(1, ${N}) n`);
    // Requests over three years: 1-5 days each; approved (with a few rejected and cancelled) before PENDING_FROM.
    await tx.execute(sql`insert into holiday_requests (id, company_id, employee_record_id, user_id, line_manager_id, start_date, end_date, holiday_type, status, working_days, days_requested, submitted_at, reviewed_by, reviewed_at)
      select ${uuidOf(sql`'req:' || ${kt} || ':' || n || ':' || j`)}, ${companyId}, ${employeeId(sql`n`)}, ${userId(sql`n`)}, ${managerOf(sql`n`)},
        s, s + (len - 1), case when r % 10 = 0 then 'sick' else 'annual' end,
        case when s >= ${PENDING_FROM}::date then 'pending' when r % 20 = 1 then 'rejected' when r % 20 = 2 then 'cancelled' else 'approved' end,
        len, len, (s - 30)::timestamptz,
        case when s >= ${PENDING_FROM}::date then null else coalesce(${managerOf(sql`n`)}, ${userId(sql`n`)}) end,
        case when s >= ${PENDING_FROM}::date then null else (s - 20)::timestamptz end
      from generate_series(1, ${N}) n
      cross join generate_series(1, ${c.requestsPerEmployee}) j
      cross join lateral (select ${rnd(sql`'h:' || ${kt} || ':' || n || ':' || j`)} as r) h
      cross join lateral (select ${YEARS.from}::date + (r % ${YEARS.days - 5}) as s, 1 + (r / 7) % 5 as len) d`);
    // The leave ledger (ADR 0090): each holiday year's entitlement (January start), an adjustment for
    // every tenth employee, and carry-over up to 5 days, so balances and the rollover read real rows.
    await tx.execute(
      sql`update company_settings set carry_over_cap_days = 5 where company_id = ${companyId}`,
    );
    await tx.execute(sql`insert into leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason)
      select ${companyId}, ${employeeId(sql`n`)}, y, 'entitlement', 28, 'Holiday year ' || y || ': 28 days a full year'
      from generate_series(1, ${N}) n
      cross join (values (date '2024-01-01'), (date '2025-01-01'), (date '2026-01-01')) years(y)`);
    await tx.execute(sql`insert into leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason)
      select ${companyId}, ${employeeId(sql`n`)}, date '2026-01-01', 'adjustment', 1.5, 'TOIL granted'
      from generate_series(10, ${N}, 10) n`);
    if (c.approvalPool > 0) {
      // Pending requests for the approver, on distinct far-future weekdays of its own reports: 40
      // full-time employees in England (n % 10 = 1), one day in three weeks each (about 17 a year), so
      // approving them all stays inside their allowance (issue 18).
      await tx.execute(sql`insert into holiday_requests (id, company_id, employee_record_id, user_id, line_manager_id, start_date, end_date, status, working_days, days_requested)
        select ${uuidOf(sql`'pool:' || ${kt} || ':' || i`)}, ${companyId}, ${employeeId(sql`e`)}, ${userId(sql`e`)}, ${userId(sql`${ROLES_BY_NUMBER.approver}`)},
          d, d, 'pending', 1, 1
        from generate_series(1, ${c.approvalPool}) i
        cross join lateral (select 1001 + 100 * (i % 40) as e) emp
        cross join lateral (select date '2030-01-07' + (i / 40) * 21 + (i % 5) as d) day`);
      // The submitters report to the approver too, so their new requests join its queue.
      await tx.execute(sql`update employee_records set line_manager_id = ${userId(sql`${ROLES_BY_NUMBER.approver}`)}
        where company_id = ${companyId} and employee_number between ${`E${String(ROLES_BY_NUMBER.firstSubmitter).padStart(6, '0')}`} and ${`E${String(ROLES_BY_NUMBER.firstSubmitter + ROLES_BY_NUMBER.submitters - 1).padStart(6, '0')}`}`);
    }
    await tx.execute(sql`insert into component_database (id, company_id, part_number, component, quantity_on_hand, vendor)
      select ${uuidOf(sql`'part:' || ${kt} || ':' || n`)}, ${companyId}, 'P-' || lpad(n::text, 6, '0'), 'Component ' || n,
        ${rnd(sql`'qoh:' || ${kt} || ':' || n`)} % 500, (array['Acme','Bolt & Co','Fastenal','RS'])[1 + n % 4]
      from generate_series(1, ${c.components}) n`);
    await tx.execute(sql`insert into bom_products (id, company_id, product_code, product_name, c1, q1, c2, q2, c3, q3, c4, q4, c5, q5)
      select ${uuidOf(sql`'bom:' || ${kt} || ':' || n`)}, ${companyId}, 'BOM-' || lpad(n::text, 4, '0'), 'Product ' || n,
        'P-' || lpad((1 + ${rnd(sql`'c1:' || n`)} % ${c.components})::text, 6, '0'), 1 + n % 4,
        'P-' || lpad((1 + ${rnd(sql`'c2:' || n`)} % ${c.components})::text, 6, '0'), 1 + n % 3,
        'P-' || lpad((1 + ${rnd(sql`'c3:' || n`)} % ${c.components})::text, 6, '0'), 2,
        'P-' || lpad((1 + ${rnd(sql`'c4:' || n`)} % ${c.components})::text, 6, '0'), 1,
        'P-' || lpad((1 + ${rnd(sql`'c5:' || n`)} % ${c.components})::text, 6, '0'), 4
      from generate_series(1, ${c.products}) n`);
    await tx.execute(sql`insert into work_orders (id, company_id, product_id, product_code, product_name, status, due_date, quantity_required, work_order_number, created_at)
      select ${uuidOf(sql`'wo:' || ${kt} || ':' || n`)}, ${companyId}, ${uuidOf(sql`'bom:' || ${kt} || ':' || p`)},
        'BOM-' || lpad(p::text, 4, '0'), 'Product ' || p,
        case when n % 3 = 0 then 'in_progress' else 'pending' end,
        date '2026-12-01' + (n % 120), 1 + n % 10, 'WO-' || lpad(n::text, 6, '0'), timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, ${c.workOrders}) n
      cross join lateral (select 1 + ${rnd(sql`'wop:' || n`)} % ${c.products} as p) pp`);
    // The team calendar's per-day summary (ADR 0110): its triggers are off in this transaction.
    await tx.execute(sql`select app_team_calendar_rebuild(${companyId})`);
    // Each work order's board list, by the shared part rules, as the server stores it (ADR 0024).
    const [company] = rowsOf<{ id: string }>(await tx.execute(sql`select ${companyId}::text as id`));
    await refreshJobLists(tx, (company as { id: string }).id, { kind: 'all' });
    // The per-list counts of the board (ADR 0160): their triggers are off in this transaction too.
    await tx.execute(sql`select app_workshop_list_counts_rebuild(${companyId})`);
  });
}

/** Fresh statistics, so the planner sees the real sizes the benchmark runs at. */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
