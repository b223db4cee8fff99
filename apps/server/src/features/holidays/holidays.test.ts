import {
  type CalendarDayResponse,
  type CalendarDaySummary,
  type CalendarResponse,
  calendarDayResponseSchema,
  calendarResponseSchema,
  HOLIDAY_MESSAGES,
  teamHolidaySchema,
} from '@hr/shared/hr/holidays.schemas';
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays, countWorkingDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminInTenant, httpClient, json, postgresUrl, useTestApp } from '../../../test/test-context.ts';
import { distinctClearMondays } from '../../../test/test-dates.ts';
import { rowsOf } from '../../db/client.ts';

const t = useTestApp();

const today = isoDate(new Date());
/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const userId = async (email: string) =>
  (await query<{ id: string }>(sql`select id from auth_users where email = ${email}`))[0]?.id as string;

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

/**
 * A request across the first day of the holiday year starting in `year` (this month, see beforeAll),
 * stored as two parts: its split group and the parts' ids, by date.
 */
async function splitRequest(requester: Awaited<ReturnType<typeof signedIn>>, year: number) {
  const edge = `${year}-${today.slice(5, 7)}-01`;
  const made = await requester.post('/api/v1/holidays/requests', {
    startDate: addDays(edge, -5),
    endDate: addDays(edge, 5),
  });
  expect(made.status).toBe(201);
  const { splitGroupId } = await json(made);
  const parts = await query<{ id: string }>(
    sql`select id from holiday_requests where split_group_id = ${splitGroupId} order by start_date`,
  );
  expect(parts).toHaveLength(2);
  return { splitGroupId: splitGroupId as string, parts: parts.map((p) => p.id) as [string, string] };
}

beforeAll(async () => {
  // Start every company's holiday year this month, so requests in the coming weeks fall inside it.
  const month = Number(today.slice(5, 7));
  const end = month === 1 ? 12 : month - 1;
  await t.app.admin.execute(
    sql`update company_settings set holiday_year_start_month = ${month}, holiday_year_end_month = ${end}`,
  );
});

describe('submitting a holiday request', () => {
  it('auto-approves, reviewed by the requester, when the employee has no line manager, and the balance drops', async () => {
    const owner = await signedIn('owner@northwind.example');
    const before = await json(await owner.get('/api/v1/holidays/balance'));
    const start = mondayAfter(60);
    const end = addDays(start, 2);
    const res = await owner.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: end,
      holidayType: 'annual',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ status: 'approved', workingDays: 3, daysRequested: 3, lineManagerId: null });
    expect(body.reviewedBy).toBe(await userId('owner@northwind.example'));
    expect(body.reviewedAt).not.toBeNull();
    const after = await json(await owner.get('/api/v1/holidays/balance'));
    expect(after.used).toBe(before.used + 3);
    expect(after.remaining).toBe(before.remaining - 3);
    expect(after.total).toBe(28);
  });

  it('is pending with the line manager set when the employee has one, and notifies the manager', async () => {
    const alice = await signedIn('alice@northwind.example');
    const start = mondayAfter(70);
    const res = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: addDays(start, 2),
      holidayType: 'annual',
      reason: '  Family wedding  ',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    const managerId = await userId('manager@northwind.example');
    expect(body).toMatchObject({
      status: 'pending',
      lineManagerId: managerId,
      reason: 'Family wedding',
      reviewedBy: null,
    });
    const notes = await query<{ type: string; message: string }>(
      sql`select type, message from notifications where user_id = ${managerId} order by created_at desc limit 1`,
    );
    expect(notes[0]?.type).toBe('holiday_request');
    expect(notes[0]?.message).toContain('Alice');
  });

  it('counts working days from the company pattern, not a fixed week', async () => {
    const sam = await signedIn('sam@southbank.example');
    await t.app.admin.execute(
      sql`update company_settings set working_days_pattern = '{saturday,sunday}' where company_id = (select company_id from profiles where email = 'sam@southbank.example')`,
    );
    const start = mondayAfter(80); // Monday .. Sunday: two working days in a weekends-only company
    const res = await sam.get(`/api/v1/holidays/working-days?start=${start}&end=${addDays(start, 6)}`);
    expect(await json(res)).toMatchObject({ workingDays: 2, totalDays: 7, bankHolidays: [] });
    const weekdaysOnly = await sam.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: addDays(start, 4),
    });
    expect(weekdaysOnly.status).toBe(400);
    expect((await json(weekdaysOnly)).error.message).toBe(HOLIDAY_MESSAGES.noWorkingDays);
  });

  it('refuses a request overlapping a pending or approved one, and accepts it once the other is cancelled', async () => {
    const tom = await signedIn('tom@northwind.example');
    const start = mondayAfter(90);
    const first = await json(
      await tom.post('/api/v1/holidays/requests', { startDate: start, endDate: addDays(start, 4) }),
    );
    const clash = await tom.post('/api/v1/holidays/requests', {
      startDate: addDays(start, 4),
      endDate: addDays(start, 7),
    });
    expect(clash.status).toBe(409);
    expect((await json(clash)).error.message).toBe(HOLIDAY_MESSAGES.overlap);

    const cancelled = await tom.post(`/api/v1/holidays/requests/${first.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await json(cancelled)).status).toBe('cancelled');
    const again = await tom.post(`/api/v1/holidays/requests/${first.id}/cancel`);
    expect(again.status).toBe(409);
    const retry = await tom.post('/api/v1/holidays/requests', {
      startDate: addDays(start, 4),
      endDate: addDays(start, 7),
    });
    expect(retry.status).toBe(201);
  });

  it('lets only one of two simultaneous overlapping submissions through', async () => {
    const tom = await signedIn('tom@northwind.example');
    const start = mondayAfter(120);
    const body = { startDate: start, endDate: addDays(start, 2) };
    const statuses = (
      await Promise.all([
        tom.post('/api/v1/holidays/requests', body),
        tom.post('/api/v1/holidays/requests', body),
      ])
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it('answers bad input with 400 and the spec messages, and stores nothing', async () => {
    const alice = await signedIn('alice@northwind.example');
    const count = async () =>
      (await query<{ n: number }>(sql`select count(*)::int as n from holiday_requests`))[0]?.n;
    const before = await count();
    const cases: [unknown, string][] = [
      [{ endDate: mondayAfter(10) }, HOLIDAY_MESSAGES.startRequired],
      [{ startDate: mondayAfter(10), endDate: '' }, HOLIDAY_MESSAGES.endRequired],
      [
        { startDate: mondayAfter(10), endDate: addDays(mondayAfter(10), -1) },
        HOLIDAY_MESSAGES.endBeforeStart,
      ],
      [{ startDate: addDays(today, -5), endDate: today }, HOLIDAY_MESSAGES.startInPast],
      [
        { startDate: mondayAfter(10), endDate: mondayAfter(10), holidayType: 'vacation' },
        'Invalid option: expected one of "annual"|"sick"|"personal"|"maternity"|"paternity"|"study"|"unpaid"',
      ],
      [{ startDate: '2026-02-30', endDate: '2026-03-01' }, 'Enter a valid date'],
    ];
    for (const [input, message] of cases) {
      const res = await alice.post('/api/v1/holidays/requests', input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect((await json(res)).error.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('says "Employee record not found" to a user without an employee record', async () => {
    await t.app.admin.execute(sql`delete from employee_records where email = 'dev@northwind.example'`);
    const dev = await signedIn('dev@northwind.example');
    const res = await dev.post('/api/v1/holidays/requests', {
      startDate: mondayAfter(10),
      endDate: mondayAfter(10),
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(HOLIDAY_MESSAGES.employeeRecordNotFound);
    const balance = await dev.get('/api/v1/holidays/balance');
    expect(balance.status).toBe(404);
    expect((await json(balance)).error.message).toBe(HOLIDAY_MESSAGES.noEmployeeRecord);
  });
});

describe('deciding a request', () => {
  /** Mondays already booked here: two offsets can land on one clear Monday (a bank-holiday week skipped). */
  const bookedMondays = new Set<string>();
  async function pendingOfAlice(offset: number) {
    const alice = await signedIn('alice@northwind.example');
    let start = mondayAfter(offset);
    while (bookedMondays.has(start)) start = clearMondayFrom(addDays(start, 7), 'england-and-wales');
    bookedMondays.add(start);
    const res = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: addDays(start, 2),
    });
    expect(res.status).toBe(201);
    return { alice, request: await json(res) };
  }

  it("shows the manager only their own reports' pending requests, with name and email", async () => {
    const { request } = await pendingOfAlice(150);
    const manager = await signedIn('manager@northwind.example');
    const { items } = await json(await manager.get('/api/v1/holidays/approvals'));
    const managerId = await userId('manager@northwind.example');
    expect(
      items.every(
        (r: { lineManagerId: string; status: string }) =>
          r.lineManagerId === managerId && r.status === 'pending',
      ),
    ).toBe(true);
    expect(items.find((r: { id: string }) => r.id === request.id)).toMatchObject({
      requesterName: 'Alice Anders',
      requesterEmail: 'alice@northwind.example',
    });
    const owner = await signedIn('owner@northwind.example');
    expect(
      (await json(await owner.get('/api/v1/holidays/approvals'))).items.map((r: { id: string }) => r.id),
    ).not.toContain(request.id);
  });

  it('lets only the line manager decide; a reject needs a comment', async () => {
    const { alice, request } = await pendingOfAlice(160);
    for (const email of ['tom@northwind.example', 'owner@northwind.example']) {
      const other = await signedIn(email);
      const res = await other.post(`/api/v1/holidays/requests/${request.id}/decision`, {
        decision: 'approve',
      });
      expect(res.status, email).toBe(403);
    }
    expect(
      (
        await json(
          await alice.post(`/api/v1/holidays/requests/${request.id}/decision`, { decision: 'approve' }),
        )
      ).error.code,
    ).toBe('FORBIDDEN');

    const manager = await signedIn('manager@northwind.example');
    for (const comment of [undefined, '', '   ']) {
      const res = await manager.post(`/api/v1/holidays/requests/${request.id}/decision`, {
        decision: 'reject',
        comment,
      });
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toBe(HOLIDAY_MESSAGES.commentRequired);
    }
    const approved = await manager.post(`/api/v1/holidays/requests/${request.id}/decision`, {
      decision: 'approve',
      comment: ' Enjoy ',
    });
    expect(approved.status).toBe(200);
    expect(await json(approved)).toMatchObject({
      status: 'approved',
      reviewerComments: 'Enjoy',
      reviewedBy: await userId('manager@northwind.example'),
    });
    const mine = await json(await alice.get('/api/v1/holidays/requests?limit=50'));
    expect(mine.items.find((r: { id: string }) => r.id === request.id).status).toBe('approved');
    const notes = await query<{ type: string; title: string }>(
      sql`select type, title from notifications where user_id = ${await userId('alice@northwind.example')} order by created_at desc limit 1`,
    );
    expect(notes[0]).toEqual({ type: 'holiday_decision', title: 'Holiday request approved' });
  });

  it('decides a request exactly once when two decisions arrive at the same moment', async () => {
    const { request } = await pendingOfAlice(170);
    const managerA = await signedIn('manager@northwind.example');
    const managerB = await signedIn('manager@northwind.example');
    const url = `/api/v1/holidays/requests/${request.id}/decision`;
    const results = await Promise.all([
      managerA.post(url, { decision: 'approve' }),
      managerB.post(url, { decision: 'reject', comment: 'No cover' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409) as Response;
    expect((await json(loser)).error.message).toBe(HOLIDAY_MESSAGES.alreadyDecided);
    const rows = await query<{ status: string }>(
      sql`select status from holiday_requests where id = ${request.id}`,
    );
    const winner = await json(results.find((r) => r.status === 200) as Response);
    expect(rows[0]?.status).toBe(winner.status);
  });

  it("decides a request split at the year's edge once when its two parts are decided both ways at the same moment", async () => {
    const manager = await signedIn('manager@northwind.example');
    // The holiday year starts this month (see beforeAll): a request across its first day is split.
    const year = Number(today.slice(0, 4));
    for (const [email, y] of [
      ['alice@northwind.example', year + 2],
      ['tom@northwind.example', year + 2],
      ['alice@northwind.example', year + 3],
      ['tom@northwind.example', year + 3],
    ] as const) {
      const { splitGroupId, parts } = await splitRequest(await signedIn(email), y);
      const results = await Promise.all([
        manager.post(`/api/v1/holidays/requests/${parts[0]}/decision`, { decision: 'approve' }),
        manager.post(`/api/v1/holidays/requests/${parts[1]}/decision`, {
          decision: 'reject',
          comment: 'No cover',
        }),
      ]);
      // Before the group lock: 200 and 500 (PostgreSQL ended the other as a deadlock).
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409) as Response;
      expect((await json(loser)).error.message).toBe(HOLIDAY_MESSAGES.alreadyDecided);
      const winner = await json(results.find((r) => r.status === 200) as Response);
      const rows = await query<{ status: string }>(
        sql`select status from holiday_requests where split_group_id = ${splitGroupId}`,
      );
      expect(rows.map((r) => r.status)).toEqual([winner.status, winner.status]);
    }
  });
});

describe('my requests', () => {
  it('lists the newest submitted first, and requests submitted in the same instant latest dates first', async () => {
    const alice = await signedIn('alice@northwind.example');
    const ids: string[] = [];
    for (const week of [300, 310, 320, 330]) {
      const day = mondayAfter(week);
      ids.push(
        (await json(await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day }))).id,
      );
    }
    // As an import writes them: one submission time for all four (their ids are in no useful order).
    await query(
      sql`update holiday_requests set submitted_at = now() + interval '1 day' where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    );
    const mine = await json(await alice.get('/api/v1/holidays/requests?limit=4'));
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    for (const id of ids) await alice.post(`/api/v1/holidays/requests/${id}/cancel`);
  });
});

const TEAM_HOLIDAY_KEYS = Object.keys(teamHolidaySchema.shape).sort();

describe('team calendar and upcoming holidays', () => {
  it('includes approved holidays that cross into or out of the month, and nothing pending', async () => {
    const owner = await signedIn('owner@northwind.example');
    // A request from the last weekday of one month into the next.
    let start = mondayAfter(200);
    while (addDays(start, 7).slice(5, 7) === start.slice(5, 7)) start = addDays(start, 7);
    const end = addDays(start, 9);
    const created = await json(
      await owner.post('/api/v1/holidays/requests', { startDate: start, endDate: end }),
    );
    expect(created.status).toBe('approved');
    for (const month of [start.slice(0, 7), end.slice(0, 7)]) {
      const res = await owner.get(`/api/v1/holidays/calendar?month=${month}`);
      const cal = await json(res);
      expect(res.status, JSON.stringify(cal)).toBe(200);
      const ids = cal.days.flatMap((d: CalendarDaySummary) => d.entries.map((e) => e.id));
      expect(ids, month).toContain(created.id);
      const days = cal.days.map((d: CalendarDaySummary) => d.date);
      expect(days.every((d: string) => d.startsWith(month))).toBe(true);
      // Each entry holds exactly what the contract says: never the approver the type depends on
      // (ADR 0050), nor the statement's other columns (the day, its count, the viewer's region).
      for (const entry of cal.days.flatMap((d: CalendarDaySummary) => d.entries)) {
        expect(Object.keys(entry).sort()).toEqual(TEAM_HOLIDAY_KEYS);
      }
    }
    const dayList = await json(await owner.get(`/api/v1/holidays/calendar/day?date=${start}`));
    expect(dayList.items.length).toBeGreaterThan(0);
    for (const item of dayList.items) expect(Object.keys(item).sort()).toEqual(TEAM_HOLIDAY_KEYS);
    const upcoming = await json(await owner.get('/api/v1/holidays/upcoming'));
    for (const item of upcoming.items) expect(Object.keys(item).sort()).toEqual(TEAM_HOLIDAY_KEYS);
    expect(upcoming.items.length).toBeLessThanOrEqual(5);
    const starts = upcoming.items.map((i: { startDate: string }) => i.startDate);
    expect([...starts].sort()).toEqual(starts);
  });

  describe('a month with several people away', () => {
    // The first month at least 300 days ahead that starts on a Monday or Tuesday, so its first four
    // days are weekdays; no other test books anything that far ahead. Not the month the holiday year
    // starts in: a request crossing into it would be stored as two rows, one per year (ADR 0087).
    let month = addDays(today, 300).slice(0, 7);
    while (
      ![1, 2].includes(new Date(`${month}-01T00:00:00Z`).getUTCDay()) ||
      month.slice(5) === today.slice(5, 7) ||
      ['01', '05'].includes(month.slice(5)) // 1 January and May's first Monday are bank holidays
    )
      month = addDays(`${month}-01`, 32).slice(0, 7);
    const first = `${month}-01`;
    const day = (n: number) => addDays(first, n - 1);
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const book = async (email: string, startDate: string, endDate: string) => {
        const res = await (await signedIn(email)).post('/api/v1/holidays/requests', { startDate, endDate });
        expect(res.status, email).toBe(201);
        return json(res);
      };
      // The owner (a super admin without a line manager) is approved at once; admin and manager have
      // no line manager either, so theirs wait for a super admin (ADR 0049), who approves them.
      const owner = await signedIn('owner@northwind.example');
      ids.owner = (await book('owner@northwind.example', addDays(first, -3), day(2))).id;
      for (const [key, email, from, to] of [
        ['admin', 'admin@northwind.example', day(1), day(3)],
        ['manager', 'manager@northwind.example', day(1), day(5)],
      ] as const) {
        const pending = await book(email, from, to);
        expect(pending).toMatchObject({ status: 'pending', lineManagerId: null });
        const approved = await owner.post(`/api/v1/holidays/requests/${pending.id}/decision`, {
          decision: 'approve',
        });
        expect(approved.status).toBe(200);
        ids[key] = pending.id;
      }
      // Alice's and Tom's go to their line manager, who approves them.
      const manager = await signedIn('manager@northwind.example');
      for (const [key, email, from, to] of [
        ['alice', 'alice@northwind.example', day(2), day(4)],
        ['tom', 'tom@northwind.example', day(2), day(2)],
      ] as const) {
        const pending = await book(email, from, to);
        expect(pending.status).toBe('pending');
        const approved = await manager.post(`/api/v1/holidays/requests/${pending.id}/decision`, {
          decision: 'approve',
        });
        expect(approved.status).toBe(200);
        ids[key] = pending.id;
      }
      // Tom's next one stays pending: never on the calendar.
      expect((await book('tom@northwind.example', day(3), day(3))).status).toBe('pending');
      // A second approved holiday of the owner on day 1 (the overlap rule would refuse it; old data
      // may hold such pairs): the owner still counts once.
      const [{ company_id: companyId } = { company_id: '' }] = await query<{ company_id: string }>(
        sql`select company_id from holiday_requests where id = ${ids.owner}`,
      );
      await adminInTenant(t.app.admin, companyId, (tx) =>
        tx.execute(sql`
        insert into holiday_requests (company_id, employee_record_id, user_id, start_date, end_date, status, working_days, days_requested)
        select company_id, employee_record_id, user_id, ${day(1)}::date, ${day(1)}::date, 'approved', 1, 1
        from holiday_requests where id = ${ids.owner}`),
      );
    });

    it('answers per day the number of people away and the first three by name, at most a row per day', async () => {
      const owner = await signedIn('owner@northwind.example');
      const res = await owner.get(`/api/v1/holidays/calendar?month=${month}`);
      expect(res.status).toBe(200);
      const cal: CalendarResponse = calendarResponseSchema.parse(await json(res));
      expect(cal.month).toBe(month);
      const summary = cal.days.map((d) => [d.date, d.count, d.entries.map((e) => e.employeeName)]);
      expect(summary).toEqual([
        [day(1), 3, ['Adam Archer', 'Maya Mitchell', 'Olivia Owen']],
        [day(2), 5, ['Adam Archer', 'Alice Anders', 'Maya Mitchell']],
        [day(3), 3, ['Adam Archer', 'Alice Anders', 'Maya Mitchell']],
        [day(4), 2, ['Alice Anders', 'Maya Mitchell']],
        [day(5), 1, ['Maya Mitchell']],
      ]);
      // The owner's holiday crossing into the month is the one shown on day 1 (it starts first).
      const day1 = cal.days[0];
      expect(day1?.entries.find((e) => e.employeeName === 'Olivia Owen')).toMatchObject({
        id: ids.owner,
        startDate: addDays(first, -3),
        endDate: day(2),
        holidayType: 'annual',
      });
      // The month before ends with the owner's first days.
      const before: CalendarResponse = await json(
        await owner.get(`/api/v1/holidays/calendar?month=${addDays(first, -1).slice(0, 7)}`),
      );
      expect(before.days.map((d) => [d.date, d.count])).toEqual([
        [addDays(first, -3), 1],
        [addDays(first, -2), 1],
        [addDays(first, -1), 1],
      ]);
    });

    it("lists a day's people in the same order, a page at a time with the total", async () => {
      const alice = await signedIn('alice@northwind.example');
      const all: CalendarDayResponse = calendarDayResponseSchema.parse(
        await json(await alice.get(`/api/v1/holidays/calendar/day?date=${day(2)}`)),
      );
      expect(all.total).toBe(5);
      expect(all.items.map((i) => i.employeeName)).toEqual([
        'Adam Archer',
        'Alice Anders',
        'Maya Mitchell',
        'Olivia Owen',
        'Tom Turner',
      ]);
      expect(all.items.map((i) => i.id)).toEqual([ids.admin, ids.alice, ids.manager, ids.owner, ids.tom]);
      const pages = await Promise.all(
        [0, 2, 4, 6].map(async (offset) =>
          json(await alice.get(`/api/v1/holidays/calendar/day?date=${day(2)}&offset=${offset}&limit=2`)),
        ),
      );
      expect(pages.map((p) => [p.offset, p.total, p.items.length])).toEqual([
        [0, 5, 2],
        [2, 5, 2],
        [4, 5, 1],
        [6, 5, 0],
      ]);
      expect(pages.flatMap((p) => p.items.map((i: { id: string }) => i.id))).toEqual(
        all.items.map((i) => i.id),
      );
      // The owner's two holidays on day 1 make one entry.
      const day1 = await json(await alice.get(`/api/v1/holidays/calendar/day?date=${day(1)}`));
      expect(day1.total).toBe(3);
      expect(day1.items.map((i: { employeeName: string }) => i.employeeName)).toEqual([
        'Adam Archer',
        'Maya Mitchell',
        'Olivia Owen',
      ]);
      const empty = await json(await alice.get(`/api/v1/holidays/calendar/day?date=${day(20)}`));
      expect(empty).toEqual({ date: day(20), total: 0, offset: 0, items: [] });
    });

    it('shows another company nothing of it', async () => {
      const southOwner = await signedIn('owner@southbank.example');
      const cal = await json(await southOwner.get(`/api/v1/holidays/calendar?month=${month}`));
      expect(cal).toEqual({ month, days: [], bankHolidays: [] });
      const list = await json(await southOwner.get(`/api/v1/holidays/calendar/day?date=${day(2)}`));
      expect(list).toEqual({ date: day(2), total: 0, offset: 0, items: [] });
    });
  });

  it('answers a bad month or day with 400 and the field that is wrong', async () => {
    const owner = await signedIn('owner@northwind.example');
    const cases: [string, string, string][] = [
      ['/api/v1/holidays/calendar?month=2026-13', 'month', 'Month must look like 2026-11'],
      ['/api/v1/holidays/calendar', 'month', 'Month must look like 2026-11'],
      ['/api/v1/holidays/calendar/day', 'date', 'Date is required'],
      ['/api/v1/holidays/calendar/day?date=2026-02-30', 'date', 'Enter a valid date'],
      ['/api/v1/holidays/calendar/day?date=2026-3-1', 'date', 'Enter a valid date'],
      [
        '/api/v1/holidays/calendar/day?date=2026-03-01&limit=0',
        'limit',
        'Limit must be a whole number from 1 to 200.',
      ],
      [
        '/api/v1/holidays/calendar/day?date=2026-03-01&limit=201',
        'limit',
        'Limit must be a whole number from 1 to 200.',
      ],
      [
        '/api/v1/holidays/calendar/day?date=2026-03-01&offset=-1',
        'offset',
        'Offset must be a whole number from 0 to 1000000.',
      ],
      [
        '/api/v1/holidays/calendar/day?date=2026-03-01&offset=x',
        'offset',
        'Offset must be a whole number from 0 to 1000000.',
      ],
    ];
    for (const [url, field, message] of cases) {
      const res = await owner.get(url);
      expect(res.status, url).toBe(400);
      const { error } = await json(res);
      expect(error.code, url).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields), url).toEqual([field]);
      expect(error.message, url).toBe(message);
    }
  });
});

describe('company walls', () => {
  it("keeps company B from listing, reading, deciding or cancelling company A's requests", async () => {
    const alice = await signedIn('alice@northwind.example');
    const start = mondayAfter(230);
    const request = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    const southOwner = await signedIn('owner@southbank.example');
    const decide = await southOwner.post(`/api/v1/holidays/requests/${request.id}/decision`, {
      decision: 'approve',
    });
    expect(decide.status).toBe(404);
    const cancel = await southOwner.post(`/api/v1/holidays/requests/${request.id}/cancel`);
    expect(cancel.status).toBe(404);
    const lists = await Promise.all(
      [
        '/api/v1/holidays/approvals',
        '/api/v1/holidays/requests',
        '/api/v1/holidays/upcoming',
        `/api/v1/holidays/calendar?month=${start.slice(0, 7)}`,
        `/api/v1/holidays/calendar/day?date=${start}`,
      ].map(async (url) => JSON.stringify(await json(await southOwner.get(url)))),
    );
    for (const body of lists) expect(body).not.toContain(request.id);
    const rows = await query<{ status: string }>(
      sql`select status from holiday_requests where id = ${request.id}`,
    );
    expect(rows[0]?.status).toBe('pending');
    expect(countWorkingDays(start, start)).toBe(1);
  });
});

describe('who approves (ADR 0049)', () => {
  // Dates from 232 to 267 days ahead: after the company-walls request, before the calendar month above.
  const decide = (client: Awaited<ReturnType<typeof signedIn>>, id: string, decision = 'approve') =>
    client.post(`/api/v1/holidays/requests/${id}/decision`, {
      decision,
      comment: decision === 'reject' ? 'No cover' : undefined,
    });
  const approvalIds = async (client: Awaited<ReturnType<typeof signedIn>>) =>
    (await json(await client.get('/api/v1/holidays/approvals'))).items.map((r: { id: string }) => r.id);
  const recordOf = async (owner: Awaited<ReturnType<typeof signedIn>>, email: string) =>
    (await json(await owner.get(`/api/v1/employees?search=${encodeURIComponent(email)}`))).items[0];
  /** The employee form's save with a new line manager (what an employees admin does). */
  async function setLineManager(email: string, lineManagerId: string | null) {
    const owner = await signedIn('owner@northwind.example');
    const record = await recordOf(owner, email);
    const res = await owner.call('PUT', `/api/v1/employees/${record.id}`, { ...record, lineManagerId });
    expect(res.status).toBe(200);
  }

  it("sends an operative's request without a line manager to the super admins, never approving it", async () => {
    const admin = await signedIn('admin@northwind.example'); // role admin, no line manager
    const start = mondayAfter(232);
    const res = await admin.post('/api/v1/holidays/requests', { startDate: start, endDate: start });
    const request = await json(res);
    expect(request).toMatchObject({ status: 'pending', lineManagerId: null, reviewedBy: null });
    const ownerId = await userId('owner@northwind.example');
    const notes = await query<{ user_id: string; message: string }>(
      sql`select user_id, message from notifications where type = 'holiday_request' and message like 'Adam Archer%' order by created_at desc limit 1`,
    );
    expect(notes[0]?.user_id).toBe(ownerId);
    // The requester can neither see it to decide nor decide it.
    expect(await approvalIds(admin)).not.toContain(request.id);
    const own = await decide(admin, request.id);
    expect(own.status).toBe(403);
    expect((await json(own)).error.message).toBe(HOLIDAY_MESSAGES.ownRequest);
    // A line manager of others is not a super admin.
    const manager = await signedIn('manager@northwind.example');
    expect(await approvalIds(manager)).not.toContain(request.id);
    expect((await decide(manager, request.id)).status).toBe(403);
    // The super admin sees it in Approvals (the tab shows for them) and decides it.
    const owner = await signedIn('owner@northwind.example');
    expect((await json(await owner.get('/api/v1/me'))).profile.isLineManager).toBe(true);
    expect(await approvalIds(owner)).toContain(request.id);
    const decided = await decide(owner, request.id);
    expect(await json(decided)).toMatchObject({ status: 'approved', reviewedBy: ownerId });
  });

  it('lets any super admin decide such a request, and sends a super admin with a line manager to that manager', async () => {
    const tomId = await userId('tom@northwind.example');
    await query(sql`update user_roles set role = 'super_admin' where user_id = ${tomId}`);
    try {
      const admin = await signedIn('admin@northwind.example');
      const start = mondayAfter(246);
      const request = await json(
        await admin.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
      );
      const notified = await query<{ user_id: string }>(
        sql`select user_id from notifications where type = 'holiday_request' and message like ${`Adam Archer%${start}%`}`,
      );
      expect(notified.map((n) => n.user_id).sort()).toEqual(
        [tomId, await userId('owner@northwind.example')].sort(),
      );
      const tom = await signedIn('tom@northwind.example');
      expect(await approvalIds(tom)).toContain(request.id);
      expect((await json(await decide(tom, request.id, 'reject'))).status).toBe('rejected');

      // Tom, now a super admin, still has a line manager: his request goes to her, not to himself.
      const own = await json(
        await tom.post('/api/v1/holidays/requests', {
          startDate: mondayAfter(260),
          endDate: mondayAfter(260),
        }),
      );
      expect(own).toMatchObject({
        status: 'pending',
        lineManagerId: await userId('manager@northwind.example'),
      });
      expect(await approvalIds(tom)).not.toContain(own.id);
      expect((await decide(tom, own.id)).status).toBe(403);
      const owner = await signedIn('owner@northwind.example');
      expect((await decide(owner, own.id)).status).toBe(403);
      expect((await decide(await signedIn('manager@northwind.example'), own.id)).status).toBe(200);
    } finally {
      await query(sql`update user_roles set role = 'operative' where user_id = ${tomId}`);
    }
  });

  it('moves pending requests to a new line manager: the former one decides nothing, the new one can', async () => {
    const alice = await signedIn('alice@northwind.example');
    const start = mondayAfter(239);
    const request = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: start, endDate: addDays(start, 1) }),
    );
    const managerId = await userId('manager@northwind.example');
    const tomId = await userId('tom@northwind.example');
    expect(request.lineManagerId).toBe(managerId);

    await setLineManager('alice@northwind.example', tomId);
    const manager = await signedIn('manager@northwind.example');
    expect(await approvalIds(manager)).not.toContain(request.id);
    const refused = await decide(manager, request.id);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.message).toBe(HOLIDAY_MESSAGES.notYourRequest);
    const tom = await signedIn('tom@northwind.example');
    expect(await approvalIds(tom)).toContain(request.id);
    const notes = await query<{ title: string }>(
      sql`select title from notifications where user_id = ${tomId} order by created_at desc limit 1`,
    );
    expect(notes[0]?.title).toBe('Holiday request to decide');
    // The new approver is emailed as for a new request: once, with the balance and the dates.
    const mails = await query<{ data: { startDate: string; remainingDays: unknown; requesterName: string } }>(
      sql`select data from email_outbox where to_address = 'tom@northwind.example' and kind = 'new_request'`,
    );
    const moved = mails.filter((m) => m.data.startDate === start);
    expect(moved).toHaveLength(1);
    expect(moved[0]?.data.requesterName).toBe('Alice Anders');
    expect(typeof moved[0]?.data.remainingDays).toBe('number');
    const stored = await query<{ line_manager_id: string; status: string }>(
      sql`select line_manager_id, status from holiday_requests where id = ${request.id}`,
    );
    expect(stored[0]).toEqual({ line_manager_id: tomId, status: 'pending' });

    // Removing the line manager hands it to the super admins; Tom no longer decides it either.
    await setLineManager('alice@northwind.example', null);
    expect((await decide(tom, request.id)).status).toBe(403);
    const owner = await signedIn('owner@northwind.example');
    expect(await approvalIds(owner)).toContain(request.id);
    expect((await json(await decide(owner, request.id))).status).toBe('approved');
    await setLineManager('alice@northwind.example', managerId);
  });

  it("moves a split request to a new line manager while its parts are decided, without a deadlock's 500", async () => {
    const managerId = await userId('manager@northwind.example');
    const ownerId = await userId('owner@northwind.example');
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const owner = await signedIn('owner@northwind.example');
    const record = await recordOf(owner, 'alice@northwind.example');
    const year = Number(today.slice(0, 4));
    const statuses: number[] = [];
    // Years after the other split requests' (year + 2 and + 3): each request crosses its year's first day.
    for (let y = year + 4; y < year + 14; y++) {
      await setLineManager('alice@northwind.example', managerId);
      const { splitGroupId, parts } = await splitRequest(alice, y);
      const answers = await Promise.all([
        owner.call('PUT', `/api/v1/employees/${record.id}`, { ...record, lineManagerId: ownerId }),
        // Each decision a few milliseconds later than the last time, to meet the move at another point.
        later((y * 3) % 25).then(() => decide(manager, parts[0])),
        later((y * 7) % 25).then(() => decide(manager, parts[1], 'reject')),
      ]);
      statuses.push(...answers.map((r) => r.status));
      const rows = await query<{ status: string; line_manager_id: string | null }>(
        sql`select status, line_manager_id from holiday_requests where split_group_id = ${splitGroupId}`,
      );
      // One outcome for the whole request: decided by the manager, or moved to the owner still pending.
      expect(
        new Set(rows.map((r) => `${r.status} ${r.status === 'pending' ? r.line_manager_id : ''}`)).size,
      ).toBe(1);
      if (rows[0]?.status === 'pending') expect(rows[0]?.line_manager_id).toBe(ownerId);
    }
    await setLineManager('alice@northwind.example', managerId);
    // Before the move locked in id order: now and then a 500 (on PostgreSQL, 7 in 120 such requests: a
    // decision ended as a deadlock with the move); the test below makes that moment happen every time.
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it.skipIf(!postgresUrl)(
    "moves a split request's parts in id order, the order a decision locks them in, so the two never deadlock (PostgreSQL)",
    async () => {
      const managerId = await userId('manager@northwind.example');
      const ownerId = await userId('owner@northwind.example');
      const alice = await signedIn('alice@northwind.example');
      const manager = await signedIn('manager@northwind.example');
      const owner = await signedIn('owner@northwind.example');
      await setLineManager('alice@northwind.example', managerId);
      const record = await recordOf(owner, 'alice@northwind.example');
      const year = Number(today.slice(0, 4));
      // A split request whose first part (stored first, so the move's scan met it first) has the higher
      // id: about one in two are; the others are approved out of the way.
      let parts: [string, string] = ['', ''];
      for (let y = year + 20; y < year + 40; y++) {
        ({ parts } = await splitRequest(alice, y));
        if (parts[0] > parts[1]) break;
        expect((await decide(manager, parts[0])).status).toBe(200);
      }
      const [high, low] = parts;
      expect(high > low).toBe(true);
      const lockWaits = async () =>
        (
          await query<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]?.n ?? 0;
      let moved: Promise<Response> | undefined;
      // A decision's lockRequestGroup locks the group in id order in one statement; here in two, to hold
      // the moment between them while the line manager changes.
      await t.app.admin.transaction(async (tx) => {
        await tx.execute(sql`select id from holiday_requests where id = ${low} for update`);
        moved = owner.call('PUT', `/api/v1/employees/${record.id}`, { ...record, lineManagerId: ownerId });
        for (let i = 0; i < 200 && (await lockWaits()) === 0; i++) await later(10);
        await tx.execute(sql`select id from holiday_requests where id = ${high} for update`);
      });
      // Before: the move held the higher part and waited for the lower one, so PostgreSQL ended it as a
      // deadlock (a 500). Now it waits for the lower one first, holding neither.
      expect((await (moved as Promise<Response>)).status).toBe(200);
      const rows = await query<{ line_manager_id: string; status: string }>(
        sql`select line_manager_id, status from holiday_requests where id in (${high}, ${low})`,
      );
      expect(rows).toEqual([
        { line_manager_id: ownerId, status: 'pending' },
        { line_manager_id: ownerId, status: 'pending' },
      ]);
      expect((await decide(owner, high)).status).toBe(200);
      await setLineManager('alice@northwind.example', managerId);
    },
  );

  it('never lets a former manager decide, even if the stored approver was left behind', async () => {
    // The decision reads the employee's current line manager, not the one stored on the request.
    const alice = await signedIn('alice@northwind.example');
    const start = mondayAfter(253);
    const request = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    const tomId = await userId('tom@northwind.example');
    await query(
      sql`update employee_records set line_manager_id = ${tomId} where email = 'alice@northwind.example'`,
    );
    try {
      expect((await decide(await signedIn('manager@northwind.example'), request.id)).status).toBe(403);
      expect((await decide(await signedIn('tom@northwind.example'), request.id)).status).toBe(200);
    } finally {
      await query(
        sql`update employee_records set line_manager_id = ${await userId('manager@northwind.example')} where email = 'alice@northwind.example'`,
      );
    }
  });

  it("approves a super admin's own request without a line manager at once, but never lets them decide their own pending one", async () => {
    const owner = await signedIn('owner@northwind.example');
    const ownerId = await userId('owner@northwind.example');
    const managerId = await userId('manager@northwind.example');
    await setLineManager('owner@northwind.example', managerId);
    const start = mondayAfter(260);
    const pending = await json(
      await owner.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    expect(pending).toMatchObject({ status: 'pending', lineManagerId: managerId });
    // The manager goes: the request waits for the super admins, and the owner is the only one.
    await setLineManager('owner@northwind.example', null);
    expect(await approvalIds(owner)).not.toContain(pending.id);
    const own = await decide(owner, pending.id);
    expect(own.status).toBe(403);
    expect((await json(own)).error.message).toBe(HOLIDAY_MESSAGES.ownRequest);
    expect(
      (await query<{ status: string }>(sql`select status from holiday_requests where id = ${pending.id}`))[0]
        ?.status,
    ).toBe('pending');
    const next = await json(
      await owner.post('/api/v1/holidays/requests', {
        startDate: addDays(start, 1),
        endDate: addDays(start, 1),
      }),
    );
    expect(next).toMatchObject({ status: 'approved', reviewedBy: ownerId });
  });

  it('refuses an operative who changes their own approver, then books: the request still goes to the manager', async () => {
    const tom = await signedIn('tom@northwind.example');
    const managerId = await userId('manager@northwind.example');
    for (const lineManagerId of [null, await userId('alice@northwind.example')]) {
      const res = await tom.call('PUT', '/api/v1/profile', { fullName: 'Tom Turner', lineManagerId });
      expect(res.status).toBe(403);
    }
    const start = mondayAfter(246);
    const request = await json(
      await tom.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    expect(request).toMatchObject({ status: 'pending', lineManagerId: managerId, reviewedBy: null });
  });
});

describe('the type of an absence is private (ADR 0050)', () => {
  // Tom's seeded sick day (approved, two days from now) is among the next five on every list.
  const seededSick = async () =>
    (
      await query<{ id: string; start: string }>(
        sql`select id, to_char(start_date, 'YYYY-MM-DD') as start from holiday_requests r where holiday_type = 'sick' and status = 'approved' and user_id = ${await userId('tom@northwind.example')}`,
      )
    )[0] as { id: string; start: string };

  async function typesSeenBy(email: string) {
    const { id, start } = await seededSick();
    const client = await signedIn(email);
    const month: CalendarResponse = await json(
      await client.get(`/api/v1/holidays/calendar?month=${start.slice(0, 7)}`),
    );
    const day: CalendarDayResponse = await json(
      await client.get(`/api/v1/holidays/calendar/day?date=${start}`),
    );
    const upcoming = await json(await client.get('/api/v1/holidays/upcoming'));
    const find = (items: { id: string; holidayType: string | null }[]) => {
      const entry = items.find((e) => e.id === id);
      expect(entry, email).toBeDefined();
      return entry?.holidayType;
    };
    return {
      month: find(month.days.flatMap((d) => d.entries)),
      day: find(day.items),
      upcoming: find(upcoming.items),
    };
  }

  it('shows the type to the person, their line manager and the super admins only', async () => {
    const sick = { month: 'sick', day: 'sick', upcoming: 'sick' };
    const away = { month: null, day: null, upcoming: null };
    // The owner reads first: the read cache keeps answers per user, so a colleague's read after it
    // must not get the owner's answer.
    expect(await typesSeenBy('owner@northwind.example')).toEqual(sick);
    expect(await typesSeenBy('alice@northwind.example')).toEqual(away);
    expect(await typesSeenBy('admin@northwind.example')).toEqual(away);
    expect(await typesSeenBy('tom@northwind.example')).toEqual(sick);
    expect(await typesSeenBy('manager@northwind.example')).toEqual(sick);
    // Nothing in a colleague's answers names it.
    const alice = await signedIn('alice@northwind.example');
    const { start } = await seededSick();
    for (const url of [
      `/api/v1/holidays/calendar?month=${start.slice(0, 7)}`,
      `/api/v1/holidays/calendar/day?date=${start}`,
      '/api/v1/holidays/upcoming',
    ]) {
      expect(await (await alice.get(url)).text(), url).not.toContain('sick');
    }
  });
});
