/**
 * The team calendar's per-day summary (ADR 0110): kept right by the triggers after every kind of
 * write, equal to what the calendar's previous statements (ADR 0008) answered, safe under concurrent
 * writers (PostgreSQL), and fenced by row-level security.
 */
import { workingWeekdayOnOrBefore } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminInTenant, httpClient, json, postgresUrl, useTestApp } from '../../../test/test-context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { tenantReader } from '../../db/tenant-read.ts';
import {
  findViewerHolidaySource,
  listCalendarDay,
  listCalendarMonth,
  listCalendarPreview,
  type TeamHolidayRow,
} from './holidays.repository.ts';

const t = useTestApp();

const query = async <T>(text: SQL) => rowsOf<T>(await t.app.admin.execute(text));
/** A write of the company's rows (Northwind's unless named), which the summary's triggers follow. */
const run = async (text: SQL, companyId = northwind) => {
  await adminInTenant(t.app.admin, companyId, (tx) => tx.execute(text));
};

let northwind: string;
let southbank: string;
beforeAll(async () => {
  const rows = await query<{ id: string; name: string }>(sql`select id, name from companies`);
  northwind = rows.find((r) => r.name.startsWith('Northwind'))?.id as string;
  southbank = rows.find((r) => r.name.startsWith('Southbank'))?.id as string;
});

const ownerId = async () =>
  (await query<{ id: string }>(sql`select id from auth_users where email = 'owner@northwind.example'`))[0]
    ?.id as string;

const asCompany = <T>(companyId: string, fn: (tx: Tx) => Promise<T>) =>
  withTenant(t.app.database.db, { companyId, userId: null, role: 'super_admin' }, fn);

/**
 * The summary compared with a recomputation from holiday_requests (rows that differ, either way):
 * one row per person and day away (their first approved holiday by start date, then id; up to a
 * leaver's end date) with what the calendar shows of it (ADR 0175), and each day's count.
 */
async function summaryDifferences(): Promise<{ people: number; days: number }> {
  const [row] = await query<{ people: number; days: number }>(sql`
    with truth as (
      select distinct on (r.employee_record_id, g.day) r.company_id, r.employee_record_id, g.day,
        r.id as request_id, e.full_name, e.line_manager_id, r.user_id, r.start_date, r.end_date,
        r.holiday_type, r.working_days, r.start_half_day, r.end_half_day
      from holiday_requests r
      join employee_records e on e.id = r.employee_record_id
      cross join lateral (
        select r.start_date + i as day from generate_series(0, least(r.end_date, e.end_date) - r.start_date) i
      ) g
      where r.status = 'approved'
      order by r.employee_record_id, g.day, r.start_date, r.id
    ),
    stored as (select company_id, employee_record_id, day, request_id, full_name, line_manager_id, user_id,
      start_date, end_date, holiday_type, working_days, start_half_day, end_half_day from team_calendar_people),
    truth_days as (select company_id, day, count(*)::int as people from truth group by company_id, day),
    stored_days as (select company_id, day, people from team_calendar_days where people <> 0)
    select
      (select count(*) from ((select * from truth except all select * from stored)
        union all (select * from stored except all select * from truth)) x)::int as people,
      (select count(*) from ((select * from truth_days except all select * from stored_days)
        union all (select * from stored_days except all select * from truth_days)) x)::int as days`);
  return row ?? { people: -1, days: -1 };
}

async function expectSummaryRight(when: string) {
  expect(await summaryDifferences(), when).toEqual({ people: 0, days: 0 });
}

// The calendar's statements before the summary (ADR 0008), as the reference. One change: a leaver
// counts up to their end date (`least(..., e.end_date)` in `h`), as the day list always did; the
// month used to count every day of a holiday that started by then (ADR 0110).
const byName = (name: string, id: string) => sql.raw(`${name} collate "und-x-icu", ${id}`);
const fields = (alias: string, nameAlias = alias, managerAlias = nameAlias) =>
  sql.raw(`${alias}.id, ${alias}.user_id as "userId", ${nameAlias}.full_name as "employeeName",
    nullif(${managerAlias}.line_manager_id, ${alias}.user_id) as "approverId",
    to_char(${alias}.start_date, 'YYYY-MM-DD') as "startDate", to_char(${alias}.end_date, 'YYYY-MM-DD') as "endDate",
    ${alias}.holiday_type as "holidayType", ${alias}.working_days::float8 as "workingDays",
    ${alias}.start_half_day as "startHalfDay", ${alias}.end_half_day as "endHalfDay"`);

async function referenceMonth(tx: Tx, companyId: string, range: { start: string; end: string }) {
  const start = sql`${range.start}::date`;
  const end = sql`${range.end}::date`;
  const preview = 3;
  return rowsOf(
    await tx.execute(sql`
    with h as (
      select r.id, r.employee_record_id, e.full_name, r.start_date,
        greatest(r.start_date, ${start}) - ${start} as first_day,
        least(r.end_date, ${end}, e.end_date) - ${start} as last_day
      from holiday_requests r
      join employee_records e on e.id = r.employee_record_id
      where r.company_id = ${companyId} and r.status = 'approved'
        and r.start_date <= ${end} and r.end_date >= ${start}
        and (e.end_date is null or r.start_date <= e.end_date)
    ),
    stretches as (
      select id, employee_record_id, full_name, start_date, last_day,
        greatest(first_day, 1 + max(last_day) over (
          partition by employee_record_id order by start_date, id
          rows between unbounded preceding and 1 preceding)) as first_day
      from h
    ),
    spans as (
      select * from (
        select s.*, count(*) over (partition by first_day, last_day) as people,
          row_number() over (partition by first_day, last_day order by ${byName('s.full_name', 's.employee_record_id')}, s.start_date, s.id) as position
        from stretches s
        where first_day <= last_day
      ) ranked
      where position <= ${preview}
    ),
    days as (
      select * from (
        select d.day, spans.id,
          sum(spans.people) filter (where spans.position = 1) over (partition by d.day) as people,
          row_number() over (partition by d.day order by ${byName('spans.full_name', 'spans.employee_record_id')}, spans.start_date, spans.id) as position
        from spans
        cross join lateral (select generate_series(spans.first_day, spans.last_day) as day limit 31) d
      ) ranked
      where position <= ${preview}
    )
    select to_char(${start} + days.day, 'YYYY-MM-DD') as day, days.people::int as people, ${fields('r', 'e')}
    from days
    join holiday_requests r on r.id = days.id
    join employee_records e on e.id = r.employee_record_id
    order by days.day, days.position`),
  );
}

async function referenceDay(
  tx: Tx,
  companyId: string,
  date: string,
  page: { offset: number; limit: number },
) {
  const day = sql`${date}::date`;
  const rows = rowsOf<{ total: number } & Record<string, unknown>>(
    await tx.execute(sql`
    with x as (
      select distinct on (r.employee_record_id) r.id, r.user_id, r.employee_record_id, e.full_name,
        e.line_manager_id, r.start_date, r.end_date, r.holiday_type, r.working_days, r.start_half_day,
        r.end_half_day
      from holiday_requests r
      join employee_records e on e.id = r.employee_record_id
      where r.company_id = ${companyId} and r.status = 'approved'
        and r.start_date <= ${day} and r.end_date >= ${day}
        and (e.end_date is null or e.end_date >= ${day})
      order by r.employee_record_id, r.start_date, r.id
    )
    select t.total, p.*
    from (select count(*)::int as total from x) t
    left join lateral (
      select ${fields('x')} from x
      order by ${byName('x.full_name', 'x.employee_record_id')}
      limit ${page.limit} offset ${page.offset}
    ) p on true`),
  );
  const items: Record<string, unknown>[] = [];
  for (const { total: _total, ...item } of rows) if (item.id !== null) items.push(item);
  return { total: rows[0]?.total ?? 0, items };
}

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/** Adds employee records to a company (no login): `names[i]` for each, numbered from `prefix`. */
async function addEmployees(companyId: string, prefix: string, names: string[], lineManagerId?: string) {
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const [row] = await query<{ id: string }>(sql`
      insert into employee_records (company_id, full_name, email, position, employee_number, start_date, line_manager_id)
      values (${companyId}, ${name}, ${`${prefix}${i}@calendar.example`}, 'Fitter', ${`${prefix}-${i}`}, date '2020-01-01', ${lineManagerId ?? null})
      returning id`);
    ids.push(row?.id as string);
  }
  return ids;
}

describe('the summary follows every kind of write', () => {
  // Names that sort differently by byte, case and accent, and two people with one name.
  const NAMES = [
    'adam Zed',
    'Adam Zed',
    'Émile Roux',
    'emile roux',
    'Zoë Bell',
    'Zoe Bell',
    'Ørjan Lie',
    'Bob',
    'Bob',
    'Ann-Marie',
  ];
  const WINDOW = { from: '2031-01-01', to: '2031-02-28' };
  const months = [
    { start: '2031-01-01', end: '2031-01-31' },
    { start: '2031-02-01', end: '2031-02-28' },
  ];
  const days: string[] = [];
  for (let d = WINDOW.from; d <= WINDOW.to; d = addDays(d, 1)) days.push(d);

  async function expectSameAsReference(when: string) {
    await expectSummaryRight(when);
    const owner = await ownerId(); // outside the transaction: PGlite has one connection
    await asCompany(northwind, async (tx) => {
      for (const range of months) {
        const reference = await referenceMonth(tx, northwind, range);
        expect(await listCalendarPreview(tx, northwind, range, 3), `${when}: month ${range.start}`).toEqual(
          reference,
        );
        // The month endpoint's one statement: the same rows, and the viewer's bank-holiday source.
        expect(
          await listCalendarMonth(tx, northwind, owner, range, 3),
          `${when}: month ${range.start}`,
        ).toEqual({
          rows: reference,
          source: await findViewerHolidaySource(tx, northwind, owner, range.start, range.end),
        });
      }
      for (const day of days) {
        for (const page of [
          { offset: 0, limit: 200 },
          { offset: 2, limit: 3 },
        ]) {
          const actual: { total: number; items: TeamHolidayRow[] } = await listCalendarDay(
            tx,
            northwind,
            day,
            page,
          );
          expect(actual, `${when}: day ${day} ${JSON.stringify(page)}`).toEqual(
            await referenceDay(tx, northwind, day, page),
          );
        }
      }
    });
    // What the endpoints run: each statement in one round trip (ADR 0150), the same answers.
    const tenant = { companyId: northwind, userId: owner, role: 'super_admin' as const };
    const read = tenantReader(t.app.database.db, tenant, { jit: 'off', enable_seqscan: 'off' });
    for (const range of months) {
      const inTransaction = await asCompany(northwind, (tx) =>
        listCalendarMonth(tx, northwind, owner, range, 3),
      );
      expect(await listCalendarMonth(read, northwind, owner, range, 3), `${when}: one round trip`).toEqual(
        inTransaction,
      );
    }
    for (const day of days.filter((_, i) => i % 5 === 0)) {
      const page = { offset: 1, limit: 4 };
      const inTransaction = await asCompany(northwind, (tx) => listCalendarDay(tx, northwind, day, page));
      expect(await listCalendarDay(read, northwind, day, page), `${when}: one round trip`).toEqual(
        inTransaction,
      );
    }
  }

  it('matches the previous statements over randomised requests and changes', async () => {
    const seed = Number(process.env.CALENDAR_SEED ?? 20_261_126);
    const rnd = random(seed);
    const employees = await addEmployees(
      northwind,
      'rand',
      Array.from({ length: 24 }, (_, i) => NAMES[i % NAMES.length] as string),
    );
    // Users of the company: line managers and requesters for the changes below.
    const people = (
      await query<{ id: string }>(sql`select id from profiles where company_id = ${northwind} order by id`)
    ).map((r) => r.id);
    const statuses = ['approved', 'approved', 'approved', 'pending', 'rejected', 'cancelled'] as const;
    const newRequest = () => {
      const start = addDays(WINDOW.from, rnd.int(70) - 8);
      return sql`(${northwind}, ${rnd.pick(employees)}, ${start}::date, ${addDays(start, rnd.int(9))}::date,
        ${rnd.pick(statuses)}, ${rnd.pick(['annual', 'sick', 'personal'])}, 1, 1, ${rnd.chance(0.2)}, ${rnd.chance(0.2)})`;
    };
    const insert = (rows: SQL[]) =>
      run(sql`insert into holiday_requests (company_id, employee_record_id, start_date, end_date, status, holiday_type, working_days, days_requested, start_half_day, end_half_day)
        values ${sql.join(rows, sql`, `)}`);
    // One statement of many rows, then one row at a time (overlapping holidays of one person included).
    await insert(Array.from({ length: 60 }, newRequest));
    for (let i = 0; i < 20; i++) await insert([newRequest()]);
    await expectSameAsReference(`seed ${seed}, inserts`);
    // The data is worth comparing: days with more people than the month shows.
    const busiest = await asCompany(northwind, (tx) =>
      listCalendarPreview(tx, northwind, { start: WINDOW.from, end: WINDOW.to }, 3),
    );
    expect(Math.max(...busiest.map((r) => r.people))).toBeGreaterThan(3);

    const someRequest = async (status?: string) => {
      const rows = await query<{ id: string }>(sql`select id from holiday_requests
        where company_id = ${northwind} and employee_record_id = any(${sql`array[${sql.join(
          employees.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`}) ${status ? sql`and status = ${status}` : sql``} order by id`);
      return rows.length ? rnd.pick(rows).id : null;
    };
    const changes: [string, () => Promise<void>][] = [
      [
        'approve',
        async () =>
          run(
            sql`update holiday_requests set status = 'approved' where id = ${await someRequest('pending')}`,
          ),
      ],
      [
        'cancel',
        async () =>
          run(
            sql`update holiday_requests set status = 'cancelled' where id = ${await someRequest('approved')}`,
          ),
      ],
      [
        'reject',
        async () =>
          run(
            sql`update holiday_requests set status = 'rejected' where id = ${await someRequest('pending')}`,
          ),
      ],
      [
        'move',
        async () => {
          const shift = rnd.int(15) - 7;
          await run(sql`update holiday_requests set start_date = start_date + ${shift}::int, end_date = end_date + ${shift + rnd.int(3)}::int
            where id = ${await someRequest()}`);
        },
      ],
      ['delete', async () => run(sql`delete from holiday_requests where id = ${await someRequest()}`)],
      [
        'rename',
        async () =>
          run(
            sql`update employee_records set full_name = ${rnd.pick(NAMES)} where id = ${rnd.pick(employees)}`,
          ),
      ],
      [
        'leaver',
        async () =>
          run(
            sql`update employee_records set end_date = ${addDays(WINDOW.from, rnd.int(60))}::date where id = ${rnd.pick(employees)}`,
          ),
      ],
      [
        'back',
        async () => run(sql`update employee_records set end_date = null where id = ${rnd.pick(employees)}`),
      ],
      [
        'approve all of one',
        async () =>
          run(
            sql`update holiday_requests set status = 'approved' where status = 'pending' and employee_record_id = ${rnd.pick(employees)}`,
          ),
      ],
      [
        'several in one statement',
        async () =>
          run(sql`update holiday_requests set status = case when status = 'approved' then 'cancelled' else 'approved' end,
            start_date = start_date + 1, end_date = end_date + 1
            where company_id = ${northwind} and employee_record_id = any(${sql`array[${sql.join(
              [rnd.pick(employees), rnd.pick(employees), rnd.pick(employees)].map((id) => sql`${id}::uuid`),
              sql`, `,
            )}]`})`),
      ],
      [
        'not the calendar',
        async () => run(sql`update holiday_requests set reason = 'x' where id = ${await someRequest()}`),
      ],
      // What the summary copies (ADR 0175): the request's shown fields and its user, and the line
      // manager, who decides whether the type shows (ADR 0050).
      [
        'retype',
        async () =>
          run(sql`update holiday_requests set holiday_type = ${rnd.pick(['annual', 'sick', 'personal'])},
            working_days = ${rnd.int(5) + 1}, start_half_day = ${rnd.chance(0.5)}, end_half_day = ${rnd.chance(0.5)}
            where id = ${await someRequest('approved')}`),
      ],
      [
        'requester',
        async () =>
          run(
            sql`update holiday_requests set user_id = ${rnd.chance(0.3) ? null : rnd.pick(people)} where id = ${await someRequest()}`,
          ),
      ],
      [
        'new line manager',
        async () =>
          run(
            sql`update employee_records set line_manager_id = ${rnd.chance(0.3) ? null : rnd.pick(people)} where id = ${rnd.pick(employees)}`,
          ),
      ],
    ];
    for (let round = 0; round < 8; round++) {
      const done: string[] = [];
      for (let i = 0; i < 4; i++) {
        const [name, change] = rnd.pick(changes);
        await change();
        done.push(name);
      }
      await expectSameAsReference(`seed ${seed}, round ${round}: ${done.join(', ')}`);
    }
    // Each copied field's change at least once, whatever the seed picked.
    for (const [name, change] of changes.slice(-3)) {
      for (let i = 0; i < 3; i++) await change();
      await expectSameAsReference(`seed ${seed}: ${name}`);
    }
  });

  it('follows the API: submission, decisions, cancellation, sickness, a leaver and a rename', async () => {
    const client = async (email: string) => {
      const c = httpClient(t.app.app);
      await c.signIn(email);
      return c;
    };
    const owner = await client('owner@northwind.example');
    const manager = await client('manager@northwind.example');
    const alice = await client('alice@northwind.example');
    const countOn = async (day: string) =>
      (await json(await owner.get(`/api/v1/holidays/calendar/day?date=${day}`))).total as number;
    const start = '2032-03-08'; // a Monday, far from the other tests' dates
    const base = await countOn(start);

    const own = await json(
      await owner.post('/api/v1/holidays/requests', { startDate: start, endDate: addDays(start, 1) }),
    );
    expect(own.status).toBe('approved');
    expect(await countOn(start)).toBe(base + 1);
    await expectSummaryRight('after an approved submission');

    const pending = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    expect(pending.status).toBe('pending');
    expect(await countOn(start)).toBe(base + 1);
    expect(
      (await manager.post(`/api/v1/holidays/requests/${pending.id}/decision`, { decision: 'approve' }))
        .status,
    ).toBe(200);
    expect(await countOn(start)).toBe(base + 2);
    await expectSummaryRight('after an approval');

    expect((await alice.post(`/api/v1/holidays/requests/${pending.id}/cancel`)).status).toBe(200);
    expect(await countOn(start)).toBe(base + 1);
    await expectSummaryRight('after a cancellation');

    const rejected = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    expect(
      (
        await manager.post(`/api/v1/holidays/requests/${rejected.id}/decision`, {
          decision: 'reject',
          comment: 'Too busy',
        })
      ).status,
    ).toBe(200);
    expect(await countOn(start)).toBe(base + 1);

    expect((await owner.post(`/api/v1/holidays/requests/${own.id}/cancel`)).status).toBe(200);
    expect(await countOn(start)).toBe(base);
    await expectSummaryRight('after a rejection and a cancellation by a super admin');

    // Sickness recorded by a super admin for an employee, approved at once (past dates).
    const [zed] = await addEmployees(northwind, 'api', ['Zed Api']);
    const sickDay = workingWeekdayOnOrBefore(addDays(isoDate(new Date()), -3), 'england-and-wales');
    const before = await countOn(sickDay);
    const sick = await owner.post('/api/v1/holidays/sickness', {
      employeeRecordId: zed,
      startDate: sickDay,
      endDate: sickDay,
    });
    expect(sick.status).toBe(201);
    expect(await countOn(sickDay)).toBe(before + 1);
    await expectSummaryRight('after recorded sickness');

    // Zed leaves the day before his sickness: he no longer counts on it; back again, he does.
    const ended = await owner.call('PUT', `/api/v1/employees/${zed}/end-date`, {
      endDate: addDays(sickDay, -1),
    });
    expect(ended.status).toBe(200);
    expect(await countOn(sickDay)).toBe(before);
    await expectSummaryRight('after an end date');
    expect((await owner.call('PUT', `/api/v1/employees/${zed}/end-date`, { endDate: null })).status).toBe(
      200,
    );
    expect(await countOn(sickDay)).toBe(before + 1);

    // A rename moves him in the day's order.
    await run(sql`update employee_records set full_name = 'Aaron Aardvark' where id = ${zed}`);
    const list = await json(await owner.get(`/api/v1/holidays/calendar/day?date=${sickDay}`));
    expect(list.items[0].employeeName).toBe('Aaron Aardvark');
    await expectSummaryRight('after a rename');
  });
});

describe('concurrent writers of one day', () => {
  it.skipIf(!postgresUrl)(
    'count every approval and recorded sickness (PostgreSQL, no lost updates)',
    async () => {
      const owner = httpClient(t.app.app);
      await owner.signIn('owner@northwind.example');
      // Records without a line manager: the owner (a super admin) decides their requests.
      const people = await addEmployees(
        northwind,
        'conc',
        Array.from({ length: 16 }, (_, i) => `Parallel ${String(i).padStart(2, '0')}`),
      );
      const day = '2033-06-13';
      const pending = await query<{ id: string }>(sql`
      insert into holiday_requests (company_id, employee_record_id, start_date, end_date, status, working_days, days_requested)
      select ${northwind}, e, ${day}::date - (n % 3)::int, ${day}::date + (n % 4)::int, 'pending', 1, 1
      from unnest(${sql`array[${sql.join(
        people.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`}) with ordinality as p(e, n)
      returning id`);
      const decided = await Promise.all(
        pending.map((r) => owner.post(`/api/v1/holidays/requests/${r.id}/decision`, { decision: 'approve' })),
      );
      expect(decided.map((r) => r.status)).toEqual(pending.map(() => 200));
      const [count] = await query<{ people: number }>(
        sql`select people from team_calendar_days where company_id = ${northwind} and day = ${day}::date`,
      );
      expect(count?.people).toBe(16);
      await expectSummaryRight('after concurrent approvals');

      // Sickness recorded for all of them at once on one past day, then their cancellations at once.
      const sickDay = workingWeekdayOnOrBefore(addDays(isoDate(new Date()), -2), 'england-and-wales');
      const before = (await json(await owner.get(`/api/v1/holidays/calendar/day?date=${sickDay}`))).total;
      const recorded = await Promise.all(
        people.map((id) =>
          owner.post('/api/v1/holidays/sickness', {
            employeeRecordId: id,
            startDate: sickDay,
            endDate: sickDay,
          }),
        ),
      );
      expect(recorded.map((r) => r.status)).toEqual(people.map(() => 201));
      expect((await json(await owner.get(`/api/v1/holidays/calendar/day?date=${sickDay}`))).total).toBe(
        before + 16,
      );
      const ids = await Promise.all(recorded.map(async (r) => (await json(r)).id as string));
      const cancelled = await Promise.all(
        ids.map((id) => owner.post(`/api/v1/holidays/requests/${id}/cancel`)),
      );
      expect(cancelled.map((r) => r.status)).toEqual(ids.map(() => 200));
      expect((await json(await owner.get(`/api/v1/holidays/calendar/day?date=${sickDay}`))).total).toBe(
        before,
      );
      await expectSummaryRight('after concurrent sickness and cancellations');
    },
  );
});

describe('row-level security on the summary', () => {
  it('shows a company only its own rows, and the serving role cannot write them', async () => {
    const [northwindRows] = await query<{ n: number }>(
      sql`select count(*)::int as n from team_calendar_people where company_id = ${northwind}`,
    );
    expect(northwindRows?.n).toBeGreaterThan(0);
    const seen = await asCompany(southbank, async (tx) => ({
      people: rowsOf<{ company_id: string }>(
        await tx.execute(sql`select company_id from team_calendar_people`),
      ),
      days: rowsOf<{ company_id: string }>(await tx.execute(sql`select company_id from team_calendar_days`)),
      asked: rowsOf(
        await tx.execute(sql`select 1 from team_calendar_days where company_id = ${northwind}
          union all select 1 from team_calendar_people where company_id = ${northwind}`),
      ),
    }));
    expect(seen.asked).toEqual([]);
    expect(seen.people.every((r) => r.company_id === southbank)).toBe(true);
    expect(seen.days.every((r) => r.company_id === southbank)).toBe(true);
    await expect(
      asCompany(southbank, (tx) =>
        tx.execute(
          sql`insert into team_calendar_days (company_id, day, people) values (${southbank}, date '2030-01-01', 5)`,
        ),
      ),
    ).rejects.toThrow();
    await expect(
      asCompany(northwind, (tx) => tx.execute(sql`update team_calendar_days set people = people + 1`)),
    ).rejects.toThrow();
    await expect(
      asCompany(northwind, (tx) => tx.execute(sql`delete from team_calendar_people`)),
    ).rejects.toThrow();
  });
});

describe('the operator’s rebuild', () => {
  it('sets a lost summary right when run as the owner (no superuser on PostgreSQL), one company or all', async () => {
    const wipe = async () => {
      await run(sql`delete from team_calendar_people`);
      await run(sql`delete from team_calendar_days`);
    };
    const northwindRows = async () =>
      (
        await query<{ n: number }>(
          sql`select count(*)::int as n from team_calendar_people where company_id = ${northwind}`,
        )
      )[0]?.n;
    await expectSummaryRight('before');
    const before = await northwindRows();
    expect(before).toBeGreaterThan(0);
    // Lost as migration 0033's backfill lost it under such an owner, or after a TRUNCATE.
    await wipe();
    expect(await northwindRows()).toBe(0);
    // As the app's connection: the owner, which reads a company's requests only in its tenant.
    await t.app.database.db.execute(sql`select app_team_calendar_rebuild(${northwind}::uuid)`);
    expect(await northwindRows()).toBe(before);
    await wipe();
    const [all] = rowsOf<{ n: number }>(
      await t.app.database.db.execute(sql`select app_summaries_rebuild_all() as n`),
    );
    const [companies] = await query<{ n: number }>(sql`select count(*)::int as n from companies`);
    expect(all?.n).toBe(companies?.n);
    expect(await northwindRows()).toBe(before);
    await expectSummaryRight('after the rebuild of every company');
  });
});

describe('deleting a whole company', () => {
  it('takes its summary with it (the cascade reaches holiday_requests and the summary alike)', async () => {
    const [company] = await query<{ id: string }>(
      sql`insert into companies (name, legal_name, trading_name) values ('Gone Ltd', 'Gone Ltd', 'Gone') returning id`,
    );
    const gone = company?.id as string;
    const [someone] = await addEmployees(gone, 'gone', ['Gone Soon']);
    await run(
      sql`insert into holiday_requests (company_id, employee_record_id, start_date, end_date, status, working_days, days_requested)
      values (${gone}, ${someone}, date '2031-05-05', date '2031-05-09', 'approved', 5, 5)`,
      gone,
    );
    const rows = async () =>
      (
        await query<{
          n: number;
        }>(sql`select (select count(*) from team_calendar_people where company_id = ${gone})
          + (select count(*) from team_calendar_days where company_id = ${gone}) as n`)
      )[0]?.n;
    expect(Number(await rows())).toBeGreaterThan(0);
    await run(sql`delete from companies where id = ${gone}`, gone);
    expect(Number(await rows())).toBe(0);
    await expectSummaryRight('after deleting a company');
  });
});
