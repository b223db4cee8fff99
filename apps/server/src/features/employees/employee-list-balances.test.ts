/**
 * The employee list reads each row's balance in the page's own statement (ADR 0140): every listed
 * employee must be exactly what `GET /employees/:id` answers (which sums the ledger and the requests
 * as the balance card does, ADR 0090), to the byte, through leavers (this year's, last year's, next
 * year's), a year whose entitlement the rollover has not written, adjustments, leave of types that do
 * and do not use allowance, a holiday year starting in April, and a company without a settings row.
 * On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */

import type { PGlite } from '@electric-sql/pglite';
import { earlierDate, holidayYearWindow } from '@hr/shared/hr/holiday-rules';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type Json, json, useTestApp } from '../../../test/test-context.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { schema } from '../../db/schema.ts';
import type { Principal } from '../../http/app-env.ts';
import { listCompanyEmployees } from './employees.service.ts';

const t = useTestApp();

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

const today = isoDate(new Date());
let companyId = '';
let owner: Awaited<ReturnType<typeof signedIn>>;

/** The record id of an employee of Northwind by email. */
async function recordOf(email: string): Promise<string> {
  const [row] = await query<{ id: string }>(
    sql`select id from employee_records where company_id = ${companyId} and email = ${email}`,
  );
  return row?.id as string;
}

beforeAll(async () => {
  const [row] = await query<{ company_id: string }>(
    sql`select p.company_id from profiles p join auth_users u on u.id = p.id where u.email = 'owner@northwind.example'`,
  );
  companyId = row?.company_id as string;
  owner = await signedIn('owner@northwind.example');
  // People in every state the balance has, added to the demo's.
  const year = holidayYearWindow(today, 1);
  const lastYear = holidayYearWindow(addDays(year.start, -1), 1);
  // A leaver of this holiday year: in 20 days, or on its last day when that comes first.
  const soonEnd = earlierDate(addDays(today, 20), year.end);
  await t.app.admin.execute(sql`
    insert into employee_records (company_id, full_name, email, position, department, employee_number,
      start_date, end_date, annual_holiday_days, working_pattern)
    values
      (${companyId}, 'Leaves Soon', 'soon@northwind.example', 'Clerk', null, 'BAL-1', '2020-03-02', ${soonEnd}, 25, null),
      (${companyId}, 'Left Last Year', 'gone@northwind.example', 'Clerk', 'Ops', 'BAL-2', '2019-06-03', ${addDays(lastYear.end, -40)}, 28, null),
      (${companyId}, 'Leaves Next Year', 'later@northwind.example', 'Clerk', 'Ops', 'BAL-3', '2021-01-04', ${addDays(year.end, 45)}, 30.5, null),
      (${companyId}, 'No Entitlement Yet', 'joiner@northwind.example', 'Fitter', 'Ops', 'BAL-4', ${addDays(year.start, 37)}, null, 28, '{monday,tuesday,wednesday}'::text[]),
      (${companyId}, 'Left Today', 'today@northwind.example', 'Fitter', null, 'BAL-5', '2018-01-01', ${today}, 22.5, null)`);
  const ids = await Promise.all(
    ['soon', 'gone', 'later', 'joiner', 'today'].map((n) => recordOf(`${n}@northwind.example`)),
  );
  const [soon, gone, later, , leftToday] = ids as [string, string, string, string, string];
  // Ledger: entitlements (none for the joiner: the rollover has not run), an opening balance, a
  // carry-over, adjustments of half days; last year's for the leaver of last year.
  await t.app.admin.execute(sql`
    insert into leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason)
    values
      (${companyId}, ${soon}, ${year.start}, 'entitlement', 21.5, 'pro rata'),
      (${companyId}, ${soon}, ${year.start}, 'adjustment', -1.5, 'sold'),
      (${companyId}, ${soon}, ${year.start}, 'adjustment', 0.5, 'TOIL'),
      (${companyId}, ${gone}, ${lastYear.start}, 'entitlement', 14, 'pro rata'),
      (${companyId}, ${gone}, ${lastYear.start}, 'opening_balance', -2.5, 'before'),
      (${companyId}, ${later}, ${year.start}, 'entitlement', 30.5, 'full'),
      (${companyId}, ${later}, ${year.start}, 'carry_over_in', 3, 'carried'),
      (${companyId}, ${leftToday}, ${year.start}, 'entitlement', 20, 'pro rata')`);
  // Requests: approved and pending annual leave, approved sickness (no allowance by default),
  // approved personal leave, last year's leave of the leaver, a rejected request.
  const request = (id: string, start: string, days: number, status: string, type: string) =>
    sql`(${companyId}, ${id}, ${start}, ${start}, ${type}, ${status}, ${days}, ${days})`;
  await t.app.admin.execute(sql`
    insert into holiday_requests (company_id, employee_record_id, start_date, end_date, holiday_type, status,
      working_days, days_requested)
    values ${sql.join(
      [
        request(soon, addDays(year.start, 10), 2.5, 'approved', 'annual'),
        request(soon, addDays(year.start, 40), 1, 'pending', 'annual'),
        request(soon, addDays(year.start, 50), 3, 'approved', 'sick'),
        request(soon, addDays(year.start, 60), 1.5, 'approved', 'personal'),
        request(soon, addDays(year.start, 70), 4, 'rejected', 'annual'),
        request(gone, addDays(lastYear.start, 20), 6.5, 'approved', 'annual'),
        request(gone, addDays(lastYear.start, 30), 2, 'approved', 'personal'),
        request(later, addDays(year.start, 15), 0.5, 'approved', 'annual'),
        request(later, addDays(lastYear.start, 15), 9, 'approved', 'annual'),
        request(leftToday, addDays(year.start, 5), 12, 'approved', 'annual'),
      ],
      sql`, `,
    )}`);
});

/** Every listed employee, compared with what `GET /employees/:id` answers for them, byte for byte. */
async function expectListMatchesRecords(params: string): Promise<Json[]> {
  const res = await owner.get(`/api/v1/employees?${params}`);
  expect(res.status, params).toBe(200);
  const page: Json = await json(res);
  expect(page.items.length, params).toBeGreaterThan(0);
  for (const item of page.items) {
    const one = await owner.get(`/api/v1/employees/${item.id}`);
    expect(one.status).toBe(200);
    const record = await json(one);
    expect(JSON.stringify(item), `${params}: ${item.email}`).toBe(JSON.stringify(record));
  }
  return page.items;
}

describe('the employee list reads its balances in the page statement', () => {
  it('lists every employee as GET /employees/:id answers them, leavers and part-timers too', async () => {
    const items = await expectListMatchesRecords('pageSize=200&leavers=include');
    const byEmail = new Map(items.map((e: Json) => [e.email, e]));
    // The cases are all there, and the sums are what the ledger and requests say.
    expect(byEmail.get('soon@northwind.example')).toMatchObject({
      allowanceThisYear: 20.5,
      usedThisYear: 2.5,
      remainingThisYear: 18,
      owedOnLeaving: 18,
    });
    expect(byEmail.get('gone@northwind.example')).toMatchObject({ owedOnLeaving: 5 });
    expect(byEmail.get('later@northwind.example')).toMatchObject({
      allowanceThisYear: 33.5,
      usedThisYear: 0.5,
      remainingThisYear: 33,
    });
    expect(byEmail.get('joiner@northwind.example')?.allowanceThisYear).toBeGreaterThan(0);
    expect(byEmail.get('joiner@northwind.example')?.owedOnLeaving).toBeNull();
    // The default list leaves out who left before today, not who leaves today.
    const employed = await expectListMatchesRecords('pageSize=200');
    const emails = employed.map((e: Json) => e.email);
    expect(emails).toContain('today@northwind.example');
    expect(emails).not.toContain('gone@northwind.example');
    await expectListMatchesRecords('search=northwind.example&pageSize=3');
  });

  it('follows a holiday year starting in April and the allowance types the company chose', async () => {
    await t.app.admin.execute(sql`update company_settings set holiday_year_start_month = 4,
      allowance_leave_types = '{annual,personal,no-such-type}' where company_id = ${companyId}`);
    try {
      const items = await expectListMatchesRecords('pageSize=200&leavers=include');
      // Personal leave now counts as used.
      const soon = items.find((e: Json) => e.email === 'soon@northwind.example');
      expect(soon).toBeDefined();
    } finally {
      await t.app.admin.execute(sql`update company_settings set holiday_year_start_month = 1,
        allowance_leave_types = '{annual}' where company_id = ${companyId}`);
    }
  });

  it('reads the defaults of a company that has no settings row', async () => {
    const [saved] = await query<Record<string, unknown>>(
      sql`select * from company_settings where company_id = ${companyId}`,
    );
    await t.app.admin.execute(sql`delete from company_settings where company_id = ${companyId}`);
    try {
      await expectListMatchesRecords('pageSize=200&leavers=include');
    } finally {
      await t.app.admin.execute(sql`insert into company_settings
        select * from json_populate_record(null::company_settings, ${JSON.stringify(saved)}::json)`);
    }
  });

  it('sends one statement inside its transaction, the count included, on any page', async () => {
    const statements: string[] = [];
    const logger = {
      logQuery: (text: string) => {
        if (!/^(begin|commit|rollback)\b/i.test(text.trim()) && !text.includes('set_config(')) {
          statements.push(text);
        }
      },
    };
    const client = (t.app.database.db as unknown as { $client: unknown }).$client;
    const counting = (t.app.database.kind === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
    const [me] = await query<{ id: string }>(
      sql`select id from auth_users where email = 'owner@northwind.example'`,
    );
    const principal = {
      user: { id: me?.id as string },
      companyId,
      role: 'super_admin',
      levels: {},
    } as unknown as Principal;
    const list = (q: Partial<Parameters<typeof listCompanyEmployees>[2]>) =>
      listCompanyEmployees(counting, principal, {
        search: '',
        page: 1,
        pageSize: 2,
        leavers: 'exclude',
        ...q,
      });
    const first = await list({});
    expect(first.nextCursor).not.toBeNull();
    expect(statements).toHaveLength(1);
    statements.length = 0;
    await list({ search: 'northwind', after: first.nextCursor ?? undefined });
    expect(statements).toHaveLength(1);
    // Past the end there is no row to carry the count: it counts on its own.
    statements.length = 0;
    const past = await list({ page: 10_000 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(first.total);
    expect(statements).toHaveLength(2);
  });
});
