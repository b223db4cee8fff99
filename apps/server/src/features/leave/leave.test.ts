/**
 * The leave ledger through the API (ADRs 0090-0092), on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: ledger sums, the allowance check (with a parallel burst), cancellation restoring days,
 * rollover idempotence on two connections, leavers, sickness and cross-company isolation.
 */
import { notEnoughAllowanceMessage } from '@hr/shared/leave/allowance';
import { LEAVE_MESSAGES, leaverSignInMessage } from '@hr/shared/leave/leave.schemas';
import { clearMondayBefore, clearMondayFrom, workingWeekdayOnOrBefore } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  httpClient,
  type Json,
  json,
  postgresUrl,
  startTestApp,
  type TestApp,
  type TestStore,
} from '../../../test/test-context.ts';
import { distinctClearMondays } from '../../../test/test-dates.ts';
import { type Database, rowsOf } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { Principal } from '../../http/app-env.ts';
import { createLogger } from '../../logger.ts';
import { listRolloverInputs } from './leave.repository.ts';
import { getMyLeaveBalance, rolloverCompany, runRollovers, startRolloverTimer } from './leave.service.ts';

let store: TestStore;
let app: TestApp;
/** A second connection to the same database: a second server instance (PGlite: the same, in-process). */
let second: Database;

const today = isoDate(new Date());
/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();
/** The Monday at least `minDays` before today that starts a week without a bank holiday. */
function mondayBefore(minDays: number): string {
  return clearMondayBefore(addDays(today, -minDays), 'england-and-wales');
}

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await app.admin.execute(text));
const recordOf = async (email: string) =>
  (await query<{ id: string }>(sql`select id from employee_records where email = ${email}`))[0]?.id as string;
const companyOf = async (email: string) =>
  (await query<{ company_id: string }>(sql`select company_id from profiles where email = ${email}`))[0]
    ?.company_id as string;

async function signedIn(email: string) {
  const client = httpClient(app.app);
  await client.signIn(email);
  return client;
}

beforeAll(async () => {
  store = await createTestStore();
  app = await startTestApp(store);
  second = postgresUrl ? await store.open() : app.database;
  // Every company's holiday year starts this month, so the coming weeks fall inside it; the rollover
  // writes that year's ledger (the seed wrote January's).
  const month = Number(today.slice(5, 7));
  await app.admin.execute(
    sql`update company_settings set holiday_year_start_month = ${month}, holiday_year_end_month = ${month === 1 ? 12 : month - 1}`,
  );
  for (const email of ['owner@northwind.example', 'owner@southbank.example']) {
    const res = await (await signedIn(email)).post('/api/v1/leave/rollover');
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  if (second !== app.database) await second.close();
  await app.close();
  await store.dispose();
});

const sumOfTerms = (balance: Json) =>
  Math.round(balance.lines.slice(0, -1).reduce((s: number, l: { days: number }) => s + l.days, 0) * 10) / 10;

describe('the balance is a sum of ledger lines the employee sees', () => {
  it('HR sets an opening balance and adds adjustments with reasons; the employee sees each line', async () => {
    const owner = await signedIn('owner@northwind.example');
    const alice = await signedIn('alice@northwind.example');
    const aliceId = await recordOf('alice@northwind.example');
    const before = await json(await alice.get('/api/v1/holidays/balance'));
    expect(before.lines[0]).toMatchObject({ label: 'Entitlement', days: 28 });
    expect(before.entitlementCalculation[0]).toContain('28 days a full year');

    for (const body of [
      { kind: 'opening_balance', days: -2, reason: 'Taken before Northwind HR' },
      { kind: 'adjustment', days: 1.5, reason: 'TOIL granted' },
      { kind: 'adjustment', days: -1, reason: 'Sold days' },
    ]) {
      expect((await owner.post(`/api/v1/employees/${aliceId}/ledger`, body)).status).toBe(201);
    }
    const after = await json(await alice.get('/api/v1/holidays/balance'));
    expect(after.total).toBe(before.total - 1.5);
    expect(after.remaining).toBe(before.remaining - 1.5);
    expect(after.lines).toEqual(
      expect.arrayContaining([
        { label: 'Opening balance', days: -2, detail: 'Taken before Northwind HR' },
        { label: 'Adjustment', days: 1.5, detail: 'TOIL granted' },
        { label: 'Adjustment', days: -1, detail: 'Sold days' },
      ]),
    );
    expect(after.lines.at(-1)).toEqual({ label: 'Remaining', days: after.remaining, detail: null });
    expect(sumOfTerms(after)).toBe(after.remaining);
    expect(after.lines.find((l: { label: string }) => l.label === 'Approved leave').days).toBe(
      0 - after.used,
    );

    // The opening balance is one per year: setting it again replaces it.
    await owner.post(`/api/v1/employees/${aliceId}/ledger`, {
      kind: 'opening_balance',
      days: -4,
      reason: 'Corrected',
    });
    const corrected = await json(await alice.get('/api/v1/holidays/balance'));
    expect(corrected.total).toBe(after.total - 2);
    const ledger = await json(await owner.get(`/api/v1/employees/${aliceId}/ledger`));
    expect(ledger.entries.filter((e: { kind: string }) => e.kind === 'opening_balance')).toHaveLength(1);
    expect(ledger.balance).toEqual(corrected);
  });

  it('refuses bad entries with a clear 400 and changes nothing', async () => {
    const owner = await signedIn('owner@northwind.example');
    const aliceId = await recordOf('alice@northwind.example');
    const before = await json(await owner.get(`/api/v1/employees/${aliceId}/ledger`));
    const cases: [unknown, string][] = [
      [{ kind: 'adjustment', days: 0.3, reason: 'x' }, LEAVE_MESSAGES.daysStep],
      [{ kind: 'adjustment', days: 1, reason: '   ' }, LEAVE_MESSAGES.reasonRequired],
      [{ kind: 'adjustment', days: 0, reason: 'x' }, LEAVE_MESSAGES.adjustmentZero],
      [{ kind: 'adjustment', days: 400, reason: 'x' }, LEAVE_MESSAGES.daysRange],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post(`/api/v1/employees/${aliceId}/ledger`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.message).toBe(message);
    }
    expect(
      (await owner.post(`/api/v1/employees/${aliceId}/ledger`, { kind: 'entitlement', days: 5, reason: 'x' }))
        .status,
    ).toBe(400);
    expect(await json(await owner.get(`/api/v1/employees/${aliceId}/ledger`))).toEqual(before);
  });

  it('lets only super admins with Employees at Admin write it, and no other company see it', async () => {
    const aliceId = await recordOf('alice@northwind.example');
    const body = { kind: 'adjustment', days: 1, reason: 'TOIL granted' };
    for (const email of ['alice@northwind.example', 'admin@northwind.example', 'manager@northwind.example']) {
      expect((await (await signedIn(email)).post(`/api/v1/employees/${aliceId}/ledger`, body)).status).toBe(
        403,
      );
    }
    const south = await signedIn('owner@southbank.example');
    expect((await south.get(`/api/v1/employees/${aliceId}/ledger`)).status).toBe(404);
    expect((await south.post(`/api/v1/employees/${aliceId}/ledger`, body)).status).toBe(404);
    // Row-level security underneath: as Southbank, Northwind's ledger rows do not exist.
    const southId = await companyOf('owner@southbank.example');
    const seen = await app.database.db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `select set_config('role', 'app_user', true), set_config('app.company_id', '${southId}', true)`,
        ),
      );
      return rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from leave_ledger_entries where employee_record_id = ${aliceId}`,
        ),
      )[0]?.n;
    });
    expect(seen).toBe(0);
    expect(
      (
        await query<{ n: number }>(
          sql`select count(*)::int as n from leave_ledger_entries where employee_record_id = ${aliceId}`,
        )
      )[0]?.n,
    ).toBeGreaterThan(0);
  });
});

describe('the allowance check', () => {
  /** Brings tom's days left (remaining less pending) to exactly `target` with an adjustment. */
  async function leaveTomWith(target: number) {
    const tom = await signedIn('tom@northwind.example');
    const balance = await json(await tom.get('/api/v1/holidays/balance'));
    const left = balance.remaining - balance.pending;
    if (left !== target) {
      const owner = await signedIn('owner@northwind.example');
      const res = await owner.post(`/api/v1/employees/${await recordOf('tom@northwind.example')}/ledger`, {
        kind: 'adjustment',
        days: target - left,
        reason: 'Test set-up',
      });
      expect(res.status).toBe(201);
    }
    return tom;
  }

  it('refuses a request exceeding what will remain, counting pending requests, with the exact message', async () => {
    const tom = await leaveTomWith(4);
    const week = mondayAfter(100);
    const res = await tom.post('/api/v1/holidays/requests', { startDate: week, endDate: addDays(week, 4) });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('Not enough holiday allowance remaining (4 days left)');
    // A pending request counts: 3 of the 4 days pending leaves 1.
    const firstRes = await tom.post('/api/v1/holidays/requests', {
      startDate: week,
      endDate: addDays(week, 2),
    });
    expect(firstRes.status).toBe(201);
    const first = await json(firstRes);
    expect(first.status).toBe('pending');
    const next = mondayAfter(110);
    const refused = await tom.post('/api/v1/holidays/requests', {
      startDate: next,
      endDate: addDays(next, 1),
    });
    expect((await json(refused)).error.message).toBe(notEnoughAllowanceMessage(1));
    // Sick leave uses no allowance.
    const sick = await tom.post('/api/v1/holidays/requests', {
      startDate: next,
      endDate: addDays(next, 4),
      holidayType: 'sick',
    });
    expect(sick.status).toBe(201);
    await tom.post(`/api/v1/holidays/requests/${first.id}/cancel`);
    await tom.post(`/api/v1/holidays/requests/${(await json(sick)).id}/cancel`);
  });

  it('lets one of a parallel burst through when the allowance covers one', async () => {
    const tom = await leaveTomWith(4);
    // Four different weeks without bank holidays (clearMondayFrom may move two close days to one week).
    const weeks: string[] = [];
    for (let from = addDays(today, 120); weeks.length < 4; from = addDays(weeks.at(-1) as string, 7)) {
      weeks.push(clearMondayFrom(from, 'england-and-wales'));
    }
    const results = await Promise.all(
      weeks.map((w) => tom.post('/api/v1/holidays/requests', { startDate: w, endDate: addDays(w, 2) })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) {
      expect((await json(r)).error.message).toBe(notEnoughAllowanceMessage(1));
    }
    const balance = await json(await tom.get('/api/v1/holidays/balance'));
    expect(balance.remaining - balance.pending).toBe(1);
    const created = await json(results.find((r) => r.status === 201) as Response);
    await tom.post(`/api/v1/holidays/requests/${created.id}/cancel`);
  });

  it('lets a request through into a negative balance when the company allows it', async () => {
    const owner = await signedIn('owner@northwind.example');
    const settings = await json(await owner.get('/api/v1/leave/settings'));
    expect(settings).toMatchObject({ allowNegativeBalance: false, allowanceLeaveTypes: ['annual'] });
    const saved = await owner.call('PUT', '/api/v1/leave/settings', {
      ...settings,
      allowNegativeBalance: true,
    });
    expect(saved.status).toBe(200);
    const tom = await leaveTomWith(1);
    const week = mondayAfter(160);
    const res = await tom.post('/api/v1/holidays/requests', { startDate: week, endDate: addDays(week, 4) });
    expect(res.status).toBe(201);
    await tom.post(`/api/v1/holidays/requests/${(await json(res)).id}/cancel`);
    await owner.call('PUT', '/api/v1/leave/settings', settings);
    // Only super admins read or change the leave settings; bad input is a 400.
    expect((await (await signedIn('admin@northwind.example')).get('/api/v1/leave/settings')).status).toBe(
      403,
    );
    const bad = await owner.call('PUT', '/api/v1/leave/settings', {
      ...settings,
      allowanceLeaveTypes: ['holiday'],
    });
    expect(bad.status).toBe(400);
  });
});

describe('cancelling approved leave', () => {
  it('restores the days and tells the approver', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const week = mondayAfter(200);
    const before = await json(await alice.get('/api/v1/holidays/balance'));
    const request = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: week, endDate: addDays(week, 1) }),
    );
    const decided = await manager.post(`/api/v1/holidays/requests/${request.id}/decision`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    const approved = await json(await alice.get('/api/v1/holidays/balance'));
    expect(approved.used).toBe(before.used + 2);
    expect(approved.remaining).toBe(before.remaining - 2);

    const cancelled = await alice.post(`/api/v1/holidays/requests/${request.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await json(cancelled)).status).toBe('cancelled');
    const restored = await json(await alice.get('/api/v1/holidays/balance'));
    expect(restored).toMatchObject({ used: before.used, remaining: before.remaining });
    const notes = await json(await manager.get('/api/v1/notifications'));
    expect(notes.notifications[0]).toMatchObject({ title: 'Approved leave cancelled' });
    expect(notes.notifications[0].message).toContain('cancelled by the employee');
  });

  it('lets a super admin cancel approved leave that has started; the employee cannot', async () => {
    const tomId = await recordOf('tom@northwind.example');
    const [row] = await query<{ id: string }>(sql`
      insert into holiday_requests (company_id, employee_record_id, user_id, start_date, end_date, status, working_days, days_requested, reviewed_by)
      select e.company_id, e.id, e.user_id, ${addDays(today, -1)}, ${addDays(today, 1)}, 'approved', 3, 3, e.line_manager_id
      from employee_records e where e.id = ${tomId} returning id`);
    const tom = await signedIn('tom@northwind.example');
    const before = await json(await tom.get('/api/v1/holidays/balance'));
    expect((await tom.post(`/api/v1/holidays/requests/${row?.id}/cancel`)).status).toBe(409);
    // Another employee neither sees nor cancels it.
    expect(
      (await (await signedIn('alice@northwind.example')).post(`/api/v1/holidays/requests/${row?.id}/cancel`))
        .status,
    ).toBe(404);
    const owner = await signedIn('owner@northwind.example');
    const res = await owner.post(`/api/v1/holidays/requests/${row?.id}/cancel`);
    expect(res.status).toBe(200);
    const after = await json(await tom.get('/api/v1/holidays/balance'));
    expect(after.used).toBe(before.used - 3);
    const tomNotes = await json(await tom.get('/api/v1/notifications'));
    expect(tomNotes.notifications[0].message).toContain('cancelled by a super admin');
  });
});

describe('the holiday-year rollover', () => {
  it('writes each entry once, run twice and on two connections at once, and expires unused carry-over', async () => {
    const owner = await signedIn('owner@northwind.example');
    const settings = await json(await owner.get('/api/v1/leave/settings'));
    await owner.call('PUT', '/api/v1/leave/settings', {
      ...settings,
      carryOverCapDays: 5,
      carryOverExpiryMonths: 3,
    });
    const companyId = await companyOf('owner@northwind.example');
    const balance = await json(
      await (await signedIn('alice@northwind.example')).get('/api/v1/holidays/balance'),
    );
    const nextYear = addDays(balance.yearEnd, 1);
    const followingYear = `${Number(nextYear.slice(0, 4)) + 1}${nextYear.slice(4)}`;
    // What the rollover reads: only the employees with an entry still to write (an hourly run after
    // the year has turned holds no one in memory).
    const pending = (expiry: string | null, expired: boolean) =>
      withTenant(app.database.db, { companyId, userId: null, role: null }, (tx) =>
        listRolloverInputs(
          tx,
          companyId,
          { start: nextYear, end: addDays(followingYear, -1) },
          { start: balance.yearStart, end: balance.yearEnd },
          ['annual'],
          expiry,
          expired,
        ),
      );
    const staffCount = (
      await query<{ n: number }>(sql`select count(*)::int as n from employee_records
        where company_id = ${companyId} and (end_date is null or end_date >= ${nextYear})`)
    )[0]?.n as number;
    expect((await pending(null, false)).length).toBe(staffCount);

    const [a, b] = await Promise.all([
      rolloverCompany(app.database.db, companyId, nextYear),
      rolloverCompany(second.db, companyId, nextYear),
    ]);
    const again = await rolloverCompany(app.database.db, companyId, nextYear);
    expect(again).toEqual({ yearStart: nextYear, entitlements: 0, carriedOver: 0, expired: 0 });
    expect(await pending(null, false)).toEqual([]);
    const staff = (
      await query<{ n: number }>(
        sql`select count(*)::int as n from employee_records where company_id = ${companyId}`,
      )
    )[0]?.n as number;
    expect(a.entitlements + b.entitlements).toBe(staff);
    expect(a.carriedOver + b.carriedOver).toBe(staff);
    const rows = await query<{ kind: string; n: number }>(sql`
      select kind, count(*)::int as n from leave_ledger_entries
      where company_id = ${companyId} and holiday_year_start = ${nextYear} group by kind order by kind`);
    expect(rows).toEqual([
      { kind: 'carry_over_in', n: staff },
      { kind: 'entitlement', n: staff },
    ]);
    const aliceId = await recordOf('alice@northwind.example');
    const carried = await query<{ days: number }>(sql`
      select days::float8 as days from leave_ledger_entries
      where employee_record_id = ${aliceId} and holiday_year_start = ${nextYear} and kind = 'carry_over_in'`);
    expect(carried[0]?.days).toBe(Math.min(5, Math.max(0, balance.remaining)));

    // Three months in, what was carried and not taken expires: written, not dropped; once.
    const expiry = `${String(Number(nextYear.slice(0, 4)) + (Number(nextYear.slice(5, 7)) + 3 > 12 ? 1 : 0))}-${String(((Number(nextYear.slice(5, 7)) + 2) % 12) + 1).padStart(2, '0')}-01`;
    const beforeExpiry = await rolloverCompany(app.database.db, companyId, addDays(expiry, -1));
    expect(beforeExpiry.expired).toBe(0);
    expect(await pending(expiry, false)).toEqual([]);
    const carriedAboveZero = (await pending(expiry, true)).length;
    const [x, y] = await Promise.all([
      rolloverCompany(app.database.db, companyId, expiry),
      rolloverCompany(second.db, companyId, expiry),
    ]);
    const withCarry = (
      await query<{ n: number }>(sql`select count(*)::int as n from leave_ledger_entries
        where company_id = ${companyId} and holiday_year_start = ${nextYear} and kind = 'carry_over_in' and days > 0`)
    )[0]?.n as number;
    expect(x.expired + y.expired).toBe(withCarry);
    expect(carriedAboveZero).toBe(withCarry);
    expect(await pending(expiry, true)).toEqual([]);
    const expired = await query<{ days: number }>(sql`
      select days::float8 as days from leave_ledger_entries
      where employee_record_id = ${aliceId} and holiday_year_start = ${nextYear} and kind = 'carry_over_expired'`);
    expect(expired.map((e) => e.days)).toEqual(carried[0]?.days ? [-(carried[0].days as number)] : []);
    expect((await rolloverCompany(app.database.db, companyId, expiry)).expired).toBe(0);
    await owner.call('PUT', '/api/v1/leave/settings', settings);
  });

  it('stops between companies when the server shuts down, and closing the database after it logs no failure', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    // Aborted before it starts: no company is rolled over.
    await runRollovers(app.database.db, logger, '2031-01-01', AbortSignal.abort());
    const written = await query<{ n: number }>(
      sql`select count(*)::int as n from leave_ledger_entries where holiday_year_start = '2031-01-01'`,
    );
    expect(written[0]?.n).toBe(0);

    // The timer's first run under way, then the shutdown: stop resolves once the run has ended, so the
    // database closed after it is used by nothing (before, each remaining company logged a failure).
    const own = postgresUrl ? await store.open() : null;
    const stop = startRolloverTimer((own ?? app.database).db, logger, 60 * 60 * 1000, 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await stop();
    await own?.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines.filter((line) => line.includes('leave rollover failed'))).toEqual([]);
    await stop();
  });

  it('runs on demand for super admins only', async () => {
    expect((await (await signedIn('manager@northwind.example')).post('/api/v1/leave/rollover')).status).toBe(
      403,
    );
    const res = await (await signedIn('owner@northwind.example')).post('/api/v1/leave/rollover');
    expect(await json(res)).toMatchObject({ entitlements: 0, carriedOver: 0, expired: 0 });
  });
});

describe('sickness', () => {
  it('is recorded for past dates by the line manager or a super admin, by the employee 14 days back, and uses no allowance', async () => {
    const aliceId = await recordOf('alice@northwind.example');
    const alice = await signedIn('alice@northwind.example');
    const before = await json(await alice.get('/api/v1/holidays/balance'));
    const manager = await signedIn('manager@northwind.example');
    const past = mondayBefore(45);
    const byManager = await manager.post('/api/v1/holidays/sickness', {
      employeeRecordId: aliceId,
      startDate: past,
      endDate: addDays(past, 1),
    });
    expect(byManager.status).toBe(201);
    expect(await json(byManager)).toMatchObject({ status: 'approved', holidayType: 'sick', workingDays: 2 });
    const tom = await signedIn('tom@northwind.example');
    const byColleague = await tom.post('/api/v1/holidays/sickness', {
      employeeRecordId: aliceId,
      startDate: addDays(past, 2),
      endDate: addDays(past, 2),
    });
    expect(byColleague.status).toBe(403);
    expect((await json(byColleague)).error.message).toBe(LEAVE_MESSAGES.sicknessNotAllowed);
    const tooFar = await alice.post('/api/v1/holidays/sickness', {
      employeeRecordId: aliceId,
      startDate: mondayBefore(20),
      endDate: mondayBefore(20),
    });
    expect((await json(tooFar)).error.message).toBe(LEAVE_MESSAGES.sicknessTooFarBack);
    // A working day a week or more back, within the 14 days the employee may record.
    const recent = workingWeekdayOnOrBefore(addDays(today, -7), 'england-and-wales');
    const own = await alice.post('/api/v1/holidays/sickness', {
      employeeRecordId: aliceId,
      startDate: recent,
      endDate: recent,
    });
    expect(own.status).toBe(201);
    const future = await manager.post('/api/v1/holidays/sickness', {
      employeeRecordId: aliceId,
      startDate: mondayAfter(20),
      endDate: mondayAfter(20),
    });
    expect((await json(future)).error.message).toBe(LEAVE_MESSAGES.sicknessFuture);
    const after = await json(await alice.get('/api/v1/holidays/balance'));
    expect(after.remaining).toBe(before.remaining);

    const owner = await signedIn('owner@northwind.example');
    const totals = await json(await owner.get('/api/v1/holidays/sickness-totals'));
    expect(
      totals.items.find((i: { employeeRecordId: string }) => i.employeeRecordId === aliceId),
    ).toMatchObject({
      spells: 2,
      days: 3,
    });
    expect((await manager.get('/api/v1/holidays/sickness-totals')).status).toBe(403);
    // Another company's super admin records nothing for Northwind's people.
    const south = await signedIn('owner@southbank.example');
    const cross = await south.post('/api/v1/holidays/sickness', {
      employeeRecordId: aliceId,
      startDate: past,
      endDate: past,
    });
    expect(cross.status).toBe(404);
  });
});

describe('approvals show the remaining days and who else is away', () => {
  it('computes both on the server', async () => {
    const alice = await signedIn('alice@northwind.example');
    const tom = await signedIn('tom@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const week = mondayAfter(250);
    const owner = await signedIn('owner@northwind.example');
    await owner.post(`/api/v1/employees/${await recordOf('tom@northwind.example')}/ledger`, {
      kind: 'adjustment',
      days: 5,
      reason: 'TOIL granted',
    });
    // Tom is in Alice's team (same line manager / department) and away that week.
    const tomReq = await json(
      await tom.post('/api/v1/holidays/requests', { startDate: week, endDate: addDays(week, 1) }),
    );
    await manager.post(`/api/v1/holidays/requests/${tomReq.id}/decision`, { decision: 'approve' });
    const aliceReq = await json(
      await alice.post('/api/v1/holidays/requests', {
        startDate: addDays(week, 1),
        endDate: addDays(week, 2),
      }),
    );
    const approvals = await json(await manager.get('/api/v1/holidays/approvals'));
    const item = approvals.items.find((i: { id: string }) => i.id === aliceReq.id);
    const balance = await json(await alice.get('/api/v1/holidays/balance'));
    expect(item.remainingDays).toBe(balance.remaining);
    expect(item.othersAway).toContain('Tom Turner');
    await alice.post(`/api/v1/holidays/requests/${aliceReq.id}/cancel`);
    await tom.post(`/api/v1/holidays/requests/${tomReq.id}/cancel`);
  });

  it('finds approved leave of any length that shares a day, and none that does not (ADR 0170)', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const companyId = await companyOf('alice@northwind.example');
    const tomRecord = await recordOf('tom@northwind.example');
    // Each of Alice's one-day requests (a Wednesday) sits in its own clear week, 10 weeks apart.
    const weeks = [0, 1, 2, 3, 4, 5].map((i) => addDays(mondayAfter(300 + 70 * i), 2));
    // Tom's approved leave around each, written directly (its rules are not what is tested here):
    // [first day, last day, whether it shares a day with Alice's request].
    const tomLeave: [string, string, boolean][] = [
      // Long (51 days): began 3 weeks before, ends 4 weeks after. Only the long leaves' range has it.
      [addDays(weeks[0] as string, -22), addDays(weeks[0] as string, 28), true],
      // Starts the day after Alice's request: within the short range, but no day in common.
      [addDays(weeks[1] as string, 1), addDays(weeks[1] as string, 3), false],
      // Ends on Alice's day.
      [addDays(weeks[2] as string, -3), weeks[2] as string, true],
      // 16 days, ends 15 after: one day past the short range, so only the long range has it.
      [addDays(weeks[3] as string, -1), addDays(weeks[3] as string, 15), true],
      // 14 days (end less start), ends exactly 14 after: the short range's last day.
      [weeks[4] as string, addDays(weeks[4] as string, 14), true],
      // Long, but over before Alice's day.
      [addDays(weeks[5] as string, -40), addDays(weeks[5] as string, -1), false],
    ];
    const ids: string[] = [];
    for (const [start, end] of tomLeave) {
      const [row] = await query<{ id: string }>(sql`
        insert into holiday_requests (company_id, employee_record_id, user_id, start_date, end_date,
          status, working_days, days_requested, holiday_type)
        select ${companyId}, e.id, e.user_id, ${start}::date, ${end}::date, 'approved', 1, 1, 'unpaid'
        from employee_records e where e.id = ${tomRecord}
        returning id`);
      ids.push(row?.id as string);
    }
    const mine: string[] = [];
    for (const day of weeks) {
      const res = await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day });
      expect(res.status).toBe(201);
      mine.push((await json(res)).id);
    }
    let items: { id: string; othersAway: string[] }[] = [];
    let after: string | null = null;
    do {
      const page = await json(
        await manager.get(`/api/v1/holidays/approvals${after ? `?after=${after}` : ''}`),
      );
      items = items.concat(page.items);
      after = page.nextCursor;
    } while (after);
    const awayOn = mine.map((id) => items.find((i) => i.id === id)?.othersAway.includes('Tom Turner'));
    expect(awayOn).toEqual(tomLeave.map(([, , shares]) => shares));
    for (const id of mine) await alice.post(`/api/v1/holidays/requests/${id}/cancel`);
    await query(sql`delete from holiday_requests where id = any(${`{${ids.join(',')}}`}::uuid[])`);
  });

  it("gives each request its own holiday year's remaining days, counting only allowance types (ADR 0145)", async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const companyId = await companyOf('alice@northwind.example');
    const userId = (
      await query<{ id: string }>(sql`select id from profiles where email = 'alice@northwind.example'`)
    )[0]?.id as string;
    // The holiday year starts this month (beforeAll): a request 400 days ahead lies in the next one,
    // whose entitlement the rollover has not written yet (the approvals compute it).
    const thisYear = mondayAfter(260);
    const nextYear = mondayAfter(400);
    const sick = mondayAfter(270);
    // Approved leave this year: this year's remaining days are fewer than next year's.
    const taken = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: thisYear, endDate: addDays(thisYear, 1) }),
    );
    await manager.post(`/api/v1/holidays/requests/${taken.id}/decision`, { decision: 'approve' });
    const here = await json(
      await alice.post('/api/v1/holidays/requests', {
        startDate: addDays(thisYear, 3),
        endDate: addDays(thisYear, 3),
      }),
    );
    const there = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: nextYear, endDate: addDays(nextYear, 4) }),
    );
    // A pending type that uses no allowance changes no remaining days.
    const sickReq = await json(
      await alice.post('/api/v1/holidays/requests', { startDate: sick, endDate: sick, holidayType: 'study' }),
    );
    const { items } = await json(await manager.get('/api/v1/holidays/approvals'));
    const remainingOf = (id: string) => items.find((i: { id: string }) => i.id === id)?.remainingDays;
    // The balance the employee sees on each request's first day (the same rules and ledger).
    const principal = { companyId, user: { id: userId }, role: 'operative' } as unknown as Principal;
    const balanceOn = async (day: string) =>
      (await getMyLeaveBalance(app.database.db, principal, day))?.remaining;
    expect(remainingOf(here.id)).toBe(await balanceOn(thisYear));
    expect(remainingOf(there.id)).toBe(await balanceOn(nextYear));
    expect(remainingOf(there.id)).not.toBe(remainingOf(here.id));
    expect(remainingOf(sickReq.id)).toBe(remainingOf(here.id));
    for (const r of [taken, here, there, sickReq])
      await alice.post(`/api/v1/holidays/requests/${r.id}/cancel`);
  });
});

describe('leavers are archived, not deleted', () => {
  it('keeps their history, refuses their login from the end date and drops them from lists', async () => {
    const owner = await signedIn('owner@northwind.example');
    const tom = await signedIn('tom@northwind.example');
    const tomId = await recordOf('tom@northwind.example');
    expect((await tom.get('/api/v1/me')).status).toBe(200);
    const bad = await owner.call('PUT', `/api/v1/employees/${tomId}/end-date`, { endDate: '1999-01-01' });
    expect(bad.status).toBe(400);

    const res = await owner.call('PUT', `/api/v1/employees/${tomId}/end-date`, {
      endDate: addDays(today, -1),
    });
    expect(res.status).toBe(200);
    expect((await json(res)).endDate).toBe(addDays(today, -1));
    // The session is refused from the end date on, and a new sign-in is refused with a message (ADR 0093).
    expect((await tom.get('/api/v1/me')).status).toBe(401);
    const again = httpClient(app.app);
    const refused = await again.call('POST', '/api/auth/sign-in/email', {
      email: 'tom@northwind.example',
      password: 'DemoPassw0rd!2026',
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.message).toBe(leaverSignInMessage(addDays(today, -1)));
    expect((await again.get('/api/v1/holidays/balance')).status).toBe(401);
    // Out of the list and the approver choices; still there on request, with the ledger and requests.
    const list = await json(await owner.get('/api/v1/employees?pageSize=200'));
    expect(list.items.map((e: { id: string }) => e.id)).not.toContain(tomId);
    const all = await json(await owner.get('/api/v1/employees?pageSize=200&leavers=include'));
    expect(all.items.map((e: { id: string }) => e.id)).toContain(tomId);
    const options = await json(await owner.get('/api/v1/employees/user-options'));
    expect(options.items.map((o: { email: string }) => o.email)).not.toContain('tom@northwind.example');
    const ledger = await json(await owner.get(`/api/v1/employees/${tomId}/ledger`));
    expect(ledger.endDate).toBe(addDays(today, -1));
    expect(ledger.owedOnLeaving).toBe(ledger.balance.remaining);
    expect(ledger.balance.entitlementCalculation.join(' ')).toContain('leaves');
    expect((await owner.call('DELETE', `/api/v1/employees/${tomId}`)).status).toBe(409);
    // Clearing the end date lets them back in.
    await owner.call('PUT', `/api/v1/employees/${tomId}/end-date`, { endDate: null });
    await again.signIn('tom@northwind.example');
    expect((await again.get('/api/v1/me')).status).toBe(200);
  });
});
