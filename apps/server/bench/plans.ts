/**
 * `npm run bench:plans`: EXPLAIN (ANALYZE, BUFFERS) of the heaviest statements of the calendar month
 * and day, the employee search, the holiday submission, the approvals and the workshop board, captured from the real endpoints on the bench
 * dataset (PostgreSQL) and run as the serving role inside the request's tenant, as the app runs it.
 */
import pg from 'pg';
import { openCapturer, type Statement } from './capture.ts';
import { BENCH_PASSWORD, CALENDAR_DAY, CALENDAR_MONTH, emailOf, ROLES_BY_NUMBER } from './dataset.ts';
import { benchPaths } from './support.ts';

const calls = [
  {
    name: 'team calendar month, per-day summary (5,000 employees)',
    method: 'GET',
    url: `/api/v1/holidays/calendar?month=${CALENDAR_MONTH}`,
    user: ROLES_BY_NUMBER.owner,
    match: /from team_calendar_days d\s+cross join lateral/,
  },
  {
    name: 'team calendar day, everyone away (5,000 employees)',
    method: 'GET',
    url: `/api/v1/holidays/calendar/day?date=${CALENDAR_DAY}`,
    user: ROLES_BY_NUMBER.owner,
    match: /select t\.total, page\.\*/,
  },
  {
    // The page, its capped count (an InitPlan) and its balances: one statement (ADRs 0115, 0140).
    name: 'employee list, first page with the capped count and balances (5,000 employees)',
    method: 'GET',
    url: '/api/v1/employees?page=1',
    user: ROLES_BY_NUMBER.owner,
    match: /with page as materialized/,
  },
  {
    name: 'employee search "smith" (5,000 employees)',
    method: 'GET',
    url: '/api/v1/employees?search=smith',
    user: ROLES_BY_NUMBER.owner,
    match: /with page as materialized/,
  },
  {
    name: 'employee search "smith" (50,000 employees)',
    method: 'GET',
    url: '/api/v1/employees?search=smith',
    user: ROLES_BY_NUMBER.owner,
    company: 's50000',
    match: /with page as materialized/,
  },
  {
    // A rare term: the first page holds every match, so the count's InitPlan never runs.
    name: 'employee search "E049999" (50,000 employees)',
    method: 'GET',
    url: '/api/v1/employees?search=E049999',
    user: ROLES_BY_NUMBER.owner,
    company: 's50000',
    match: /with page as materialized/,
  },
  {
    name: 'overlap check of a holiday submission',
    method: 'POST',
    url: '/api/v1/holidays/requests',
    user: ROLES_BY_NUMBER.firstSubmitter,
    match: /from "holiday_requests" where .*"employee_record_id"/,
    body: { startDate: '2039-06-06', endDate: '2039-06-06', holidayType: 'annual' },
  },
  {
    // The whole read in one statement (ADR 0145): settings, pending requests, ledger, sums, who else is away.
    name: "manager's pending approvals",
    method: 'GET',
    url: '/api/v1/holidays/approvals',
    user: ROLES_BY_NUMBER.manager,
    match: /with settings as materialized \(/,
  },
  {
    // The head and the first pages in one statement; the counts from workshop_list_counts (ADR 0160).
    name: 'workshop board, first pages in one statement (2,000 work orders)',
    method: 'GET',
    url: '/api/v1/workshop/jobs?limit=50',
    user: ROLES_BY_NUMBER.owner,
    match: /with sched as materialized/,
  },
  {
    name: 'workshop board, first pages in one statement (50,000 open work orders)',
    method: 'GET',
    url: '/api/v1/workshop/jobs',
    user: ROLES_BY_NUMBER.owner,
    company: 's50000',
    match: /with sched as materialized/,
  },
  {
    // "Load more": the head (stale check, schedule, its open jobs, counts), then the page's rows.
    name: 'workshop board, a later page: head (50,000 open work orders)',
    method: 'GET',
    url: '/api/v1/workshop/job-page?list=stock&offset=50&limit=50',
    user: ROLES_BY_NUMBER.owner,
    company: 's50000',
    match: /with schedule as \(/,
  },
  {
    name: 'workshop board, a later page: rows (50,000 open work orders)',
    method: 'GET',
    url: '/api/v1/workshop/job-page?list=stock&offset=50&limit=50',
    user: ROLES_BY_NUMBER.owner,
    company: 's50000',
    match: / union all /,
  },
] as const;

const capturer = await openCapturer('postgres', 1);
const client = new pg.Client({ connectionString: benchPaths.databaseUrl });
await client.connect();
for (const call of calls) {
  const company = 'company' in call ? call.company : 's5000';
  const cookie = await capturer.signIn(emailOf(company, call.user), BENCH_PASSWORD);
  const { statements } = await capturer.capture(
    call.method,
    call.url,
    cookie,
    'body' in call ? call.body : undefined,
  );
  const tenant = statements.find((s: Statement) => s.sql.includes("set_config('app.company_id'"));
  const target = statements.find((s: Statement) => call.match.test(s.sql));
  if (!tenant || !target) {
    console.log(`## ${call.name}\n\n(statement not found)\n`);
    continue;
  }
  await client.query('begin');
  await client.query(tenant.sql, tenant.params as unknown[]);
  const plan = await client.query(
    `explain (analyze, buffers, costs off) ${target.sql}`,
    target.params as unknown[],
  );
  await client.query('rollback');
  console.log(
    `## ${call.name}\n\n\`\`\`sql\n${target.sql}\n\`\`\`\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`,
  );
}
await client.end();
await capturer.close();
