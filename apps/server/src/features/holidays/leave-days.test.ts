/**
 * What a request costs (ADR 0086, 0087): the employee's region and week, half days, the company's
 * closures and worked holidays, and the split at the holiday year's edge; the company's default region
 * and the employee fields that feed it; company calendar days under RLS.
 */
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { companyCalendarDays } from '../../db/schema/hr.ts';
import { withTenant } from '../../db/tenant.ts';

const t = useTestApp();
const today = isoDate(new Date());
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

async function employeeOf(owner: ReturnType<typeof httpClient>, email: string) {
  const list = await json(await owner.get(`/api/v1/employees?search=${encodeURIComponent(email)}`));
  return list.items.find((e: { email: string }) => e.email === email);
}

/** The editable fields of an employee as the form sends them back, with some replaced. */
function edited(employee: Record<string, unknown>, change: Record<string, unknown>) {
  const { fullName, email, position, department, employeeNumber, startDate, annualHolidayDays } = employee;
  const { userId, lineManagerId } = employee;
  return {
    fullName,
    email,
    position,
    department,
    employeeNumber,
    startDate,
    annualHolidayDays,
    userId,
    lineManagerId,
    ...change,
  };
}

const MON_WED = ['monday', 'tuesday', 'wednesday'];

/**
 * St Andrew's Day week of the first year whose Monday is still ahead (gov.uk: 30 Nov 2026 is a
 * Monday, 2027 a Tuesday, 2028 a Thursday), with what a Scottish Mon-Wed part-timer pays for it.
 */
const ST_ANDREWS_WEEKS = [
  { monday: '2026-11-30', partTimer: 2, fullTimeEngland: 5 },
  { monday: '2027-11-29', partTimer: 2, fullTimeEngland: 5 },
  { monday: '2028-11-27', partTimer: 3, fullTimeEngland: 5 },
];
const stAndrews = ST_ANDREWS_WEEKS.find((w) => w.monday > addDays(today, 1));

describe('employee region and working pattern', () => {
  it('are saved, returned, kept when an edit leaves them out, and validated', async () => {
    const owner = await signedIn('owner@northwind.example');
    const tom = await employeeOf(owner, 'tom@northwind.example');
    expect(tom).toMatchObject({ region: null, workingPattern: null });

    const put = (body: unknown) => owner.call('PUT', `/api/v1/employees/${tom.id}`, body);
    const saved = await put(edited(tom, { region: 'scotland', workingPattern: ['wednesday', 'monday'] }));
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ region: 'scotland', workingPattern: ['monday', 'wednesday'] });
    // An edit without the fields keeps them.
    const kept = await json(await put(edited(tom, {})));
    expect(kept).toMatchObject({ region: 'scotland', workingPattern: ['monday', 'wednesday'] });

    for (const [change, field] of [
      [{ region: 'narnia' }, 'region'],
      [{ region: 'gb' }, 'region'],
      [{ region: 42 }, 'region'],
      [{ workingPattern: [] }, 'workingPattern'],
      [{ workingPattern: ['funday'] }, 'workingPattern'],
      [{ workingPattern: 'monday' }, 'workingPattern'],
    ] as const) {
      const res = await put(edited(tom, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      const fields = Object.keys((await json(res)).error.fields ?? {});
      expect(
        fields.some((f) => f.startsWith(field)),
        JSON.stringify(change),
      ).toBe(true);
    }
    expect(await json(await owner.get(`/api/v1/employees/${tom.id}`))).toMatchObject({
      region: 'scotland',
      workingPattern: ['monday', 'wednesday'],
    });
    // null goes back to the company's.
    const reset = await json(await put(edited(tom, { region: null, workingPattern: null })));
    expect(reset).toMatchObject({ region: null, workingPattern: null });

    // A new employee with a German state's holidays.
    const created = await owner.post('/api/v1/employees', {
      fullName: 'Greta Graf',
      email: 'greta@northwind.example',
      position: 'Engineer',
      employeeNumber: 'DE-001',
      startDate: today,
      region: 'de-by',
      workingPattern: ['monday', 'tuesday', 'wednesday', 'thursday'],
    });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({
      region: 'de-by',
      workingPattern: MON_WED.concat('thursday'),
    });
  });

  it('the company default region is in company settings, england-and-wales for the demo companies', async () => {
    const owner = await signedIn('owner@southbank.example');
    const settings = await json(await owner.get('/api/v1/settings/company'));
    expect(settings.defaultRegion).toBe('england-and-wales');
    const { holidayYearEndMonth: _a, financialYearEndMonth: _b, defaultRegion: _c, ...request } = settings;
    const bad = await owner.call('PUT', '/api/v1/settings/company', {
      ...request,
      defaultRegion: 'atlantis',
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.defaultRegion).toBe('Choose a region from the list');
    expect((await json(await owner.get('/api/v1/settings/company'))).defaultRegion).toBe('england-and-wales');
    const ok = await owner.call('PUT', '/api/v1/settings/company', {
      ...request,
      defaultRegion: 'northern-ireland',
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).defaultRegion).toBe('northern-ireland');
    // Sam has no region of his own: Northern Ireland's 17 March is now a bank holiday for him.
    const sam = await signedIn('sam@southbank.example');
    const holidays = await json(await sam.get('/api/v1/holidays/public-holidays?year=2027'));
    expect(holidays.region).toBe('northern-ireland');
    expect(holidays.holidays.map((h: { date: string }) => h.date)).toContain('2027-03-17');
    // Without a region in the body the region stays.
    expect((await json(await owner.call('PUT', '/api/v1/settings/company', request))).defaultRegion).toBe(
      'northern-ireland',
    );
    await owner.call('PUT', '/api/v1/settings/company', { ...request, defaultRegion: 'england-and-wales' });
  });

  it('lists the regions a company or employee may choose', async () => {
    const alice = await signedIn('alice@northwind.example');
    const { items } = await json(await alice.get('/api/v1/holidays/regions'));
    expect(items.slice(0, 3)).toEqual([
      { key: 'england-and-wales', name: 'England and Wales' },
      { key: 'scotland', name: 'Scotland' },
      { key: 'northern-ireland', name: 'Northern Ireland' },
    ]);
    expect(items.some((r: { key: string }) => r.key === 'de-by')).toBe(true);
  });
});

describe('the cost of a request', () => {
  // Fiona Fraser (seed): Glasgow office, region scotland, Monday to Wednesday.
  it("counts a Scottish part-timer's week over St Andrew's Day on her own region and week", async () => {
    const fiona = await signedIn('fiona@northwind.example');
    const week = ST_ANDREWS_WEEKS[0] as (typeof ST_ANDREWS_WEEKS)[number];
    const res = await fiona.get(
      `/api/v1/holidays/working-days?start=${week.monday}&end=${addDays(week.monday, 4)}`,
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      workingDays: 2,
      totalDays: 5,
      bankHolidays: [{ date: '2026-11-30', name: 'St Andrew’s Day' }],
      closures: [],
      parts: [{ start: '2026-11-30', end: '2026-12-04', holidayYear: 2026, workingDays: 2 }],
    });
    // Alice (England, full time) pays the whole week.
    const alice = await signedIn('alice@northwind.example');
    const hers = await json(
      await alice.get(`/api/v1/holidays/working-days?start=${week.monday}&end=${addDays(week.monday, 4)}`),
    );
    expect(hers).toMatchObject({ workingDays: 5, bankHolidays: [] });
    // Christmas to New Year in England: 7 days, not 10 (the issue's first complaint).
    const christmas = await json(
      await alice.get('/api/v1/holidays/working-days?start=2026-12-21&end=2027-01-01'),
    );
    expect(christmas.workingDays).toBe(7);
    expect(christmas.bankHolidays.map((h: { date: string }) => h.date)).toEqual([
      '2026-12-25',
      '2026-12-28',
      '2027-01-01',
    ]);
  });

  it('books that week and stores the count; the request keeps it when her week changes later', async () => {
    if (!stAndrews) throw new Error('add the St Andrew’s Day weeks after 2028 to ST_ANDREWS_WEEKS');
    const fiona = await signedIn('fiona@northwind.example');
    const res = await fiona.post('/api/v1/holidays/requests', {
      startDate: stAndrews.monday,
      endDate: addDays(stAndrews.monday, 4),
    });
    expect(res.status).toBe(201);
    const booked = await json(res);
    expect(booked).toMatchObject({
      workingDays: stAndrews.partTimer,
      startHalfDay: false,
      endHalfDay: false,
    });
    expect(booked.splitGroupId).toBeNull();

    const owner = await signedIn('owner@northwind.example');
    const record = await employeeOf(owner, 'fiona@northwind.example');
    await owner.call('PUT', `/api/v1/employees/${record.id}`, edited(record, { workingPattern: null }));
    const mine = await json(await fiona.get('/api/v1/holidays/requests'));
    expect(mine.items.find((r: { id: string }) => r.id === booked.id).workingDays).toBe(stAndrews.partTimer);
    await owner.call('PUT', `/api/v1/employees/${record.id}`, edited(record, { workingPattern: MON_WED }));
  });

  it('charges half days and says so in the notification', async () => {
    const alice = await signedIn('alice@northwind.example');
    const monday = clearMondayFrom(addDays(today, 330), 'england-and-wales', 2);
    const tuesday = addDays(monday, 1);
    const count = async (q: string) => json(await alice.get(`/api/v1/holidays/working-days?${q}`));
    expect((await count(`start=${tuesday}&end=${tuesday}&startHalfDay=true`)).workingDays).toBe(0.5);
    expect((await count(`start=${tuesday}&end=${tuesday}&endHalfDay=true`)).workingDays).toBe(0.5);
    expect((await count(`start=${monday}&end=${addDays(monday, 4)}&startHalfDay=true`)).workingDays).toBe(
      4.5,
    );
    expect(
      (await count(`start=${monday}&end=${addDays(monday, 4)}&startHalfDay=true&endHalfDay=true`))
        .workingDays,
    ).toBe(4);
    const badFlag = await alice.get(
      `/api/v1/holidays/working-days?start=${monday}&end=${monday}&startHalfDay=yes`,
    );
    expect(badFlag.status).toBe(400);

    const half = await alice.post('/api/v1/holidays/requests', {
      startDate: tuesday,
      endDate: tuesday,
      startHalfDay: true,
    });
    expect(half.status).toBe(201);
    const halfBody = await json(half);
    expect(halfBody).toMatchObject({ workingDays: 0.5, startHalfDay: true, endHalfDay: false });
    const nextWeek = addDays(monday, 7);
    const longer = await json(
      await alice.post('/api/v1/holidays/requests', {
        startDate: nextWeek,
        endDate: addDays(nextWeek, 2),
        endHalfDay: true,
      }),
    );
    expect(longer).toMatchObject({ workingDays: 2.5, endHalfDay: true });
    const messages = (
      await query<{
        message: string;
      }>(sql`select n.message from notifications n join auth_users u on u.id = n.user_id
        where u.email = 'manager@northwind.example' and (n.message like ${`%${tuesday}%`} or n.message like ${`%${nextWeek}%`})`)
    ).map((r) => r.message);
    expect(messages).toContain(`Alice Anders requested Annual Leave, ${tuesday} (½ day, PM).`);
    expect(messages).toContain(
      `Alice Anders requested Annual Leave, ${nextWeek} to ${addDays(nextWeek, 2)} (2.5 working days, ends at midday).`,
    );
    // The manager's approvals list carries the halves.
    const manager = await signedIn('manager@northwind.example');
    const approvals = await json(await manager.get('/api/v1/holidays/approvals'));
    expect(approvals.items.find((r: { id: string }) => r.id === halfBody.id)).toMatchObject({
      workingDays: 0.5,
      startHalfDay: true,
    });
  });

  it('refuses a request that costs nothing with a clear message, and stores nothing', async () => {
    const alice = await signedIn('alice@northwind.example');
    const year =
      today < `${today.slice(0, 4)}-12-20` ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) + 1;
    const before = (await query<{ n: number }>(sql`select count(*)::int as n from holiday_requests`))[0]?.n;
    // Christmas Day alone (a weekday bank holiday in 2026 and 2029; otherwise the substitute days too).
    const res = await alice.post('/api/v1/holidays/requests', {
      startDate: `${year}-12-25`,
      endDate: `${year}-12-25`,
      startHalfDay: true,
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('The selected dates include no working days');
    const after = (await query<{ n: number }>(sql`select count(*)::int as n from holiday_requests`))[0]?.n;
    expect(after).toBe(before);
  });
});

describe('a request across the holiday year', () => {
  // Northwind's holiday year starts in January. From 21 Dec to a working day in early January, in
  // England: 21 Dec 2026 - Fri 8 Jan 2027 is 7 + 5 days, 21 Dec 2027 - Fri 7 Jan 2028 is 7 + 4 (8 Jan
  // 2028 is a Saturday: its half day would count nothing), 21 Dec 2028 - Mon 8 Jan 2029 is 5 + 5.
  const SPLITS: Record<number, [first: number, second: number, endDay: string]> = {
    2026: [7, 5, '01-08'],
    2027: [7, 4, '01-07'],
    2028: [5, 5, '01-08'],
  };
  const year = Object.keys(SPLITS)
    .map(Number)
    .find((y) => `${y}-12-21` > addDays(today, 1)) as number;
  const [first, second, endDay] = SPLITS[year] as [number, number, string];

  it('is counted per year by working-days, stored as two linked rows, decided and cancelled as one', async () => {
    const owner = await signedIn('owner@northwind.example');
    const tomRecord = await employeeOf(owner, 'tom@northwind.example');
    // Tom gets the owner as line manager for this test's decisions.
    const manager = await signedIn('manager@northwind.example');
    const tom = await signedIn('tom@northwind.example');
    const start = `${year}-12-21`;
    const end = `${year + 1}-${endDay}`;
    const counted = await json(await tom.get(`/api/v1/holidays/working-days?start=${start}&end=${end}`));
    expect(counted.workingDays).toBe(first + second);
    expect(counted.parts).toEqual([
      { start, end: `${year}-12-31`, holidayYear: year, workingDays: first },
      { start: `${year + 1}-01-01`, end, holidayYear: year + 1, workingDays: second },
    ]);

    const res = await tom.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: end,
      endHalfDay: true,
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    const rows = await query<{
      id: string;
      start: string;
      end: string;
      days: number;
      group: string;
      endHalf: boolean;
    }>(sql`
      select id, start_date::text as start, end_date::text as "end", working_days::float8 as days,
        split_group_id::text as "group", end_half_day as "endHalf"
      from holiday_requests where split_group_id = ${created.splitGroupId} order by start_date`);
    expect(rows.map((r) => [r.start, r.end, r.days, r.endHalf])).toEqual([
      [start, `${year}-12-31`, first, false],
      [`${year + 1}-01-01`, end, second - 0.5, true],
    ]);
    expect(created.id).toBe(rows[0]?.id);
    // One notification for the whole request.
    const notes = await query<{ message: string }>(sql`select n.message from notifications n
      join auth_users u on u.id = n.user_id where u.email = 'manager@northwind.example' and n.message like ${`%${start}%`}`);
    expect(notes.map((n) => n.message)).toEqual([
      `Tom Turner requested Annual Leave, ${start} to ${end} (${first + second - 0.5} working days, ends at midday).`,
    ]);

    // Approving the first row approves both.
    const decided = await manager.post(`/api/v1/holidays/requests/${created.id}/decision`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    const statuses = await query<{ status: string }>(
      sql`select status from holiday_requests where split_group_id = ${created.splitGroupId}`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['approved', 'approved']);
    // Cancelling the second row (not started) cancels both.
    const cancelled = await tom.post(`/api/v1/holidays/requests/${rows[1]?.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const after = await query<{ status: string }>(
      sql`select status from holiday_requests where split_group_id = ${created.splitGroupId}`,
    );
    expect(after.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(tomRecord.id).toBeTruthy();
  });
});

describe('company closures and worked public holidays', () => {
  let owner: ReturnType<typeof httpClient>;
  const monday = clearMondayFrom(addDays(today, 400), 'england-and-wales', 1);
  beforeAll(async () => {
    owner = await signedIn('owner@northwind.example');
  });

  it('super admins with Settings at Admin add and remove them; the counts follow', async () => {
    const alice = await signedIn('alice@northwind.example');
    const week = () =>
      alice.get(`/api/v1/holidays/working-days?start=${monday}&end=${addDays(monday, 4)}`).then(json);
    expect((await week()).workingDays).toBe(5);

    const free = await owner.post('/api/v1/settings/calendar-days', {
      date: addDays(monday, 2),
      kind: 'closure',
      name: 'Stocktake',
    });
    expect(free.status).toBe(201);
    const freeDay = await json(free);
    expect(freeDay).toMatchObject({ kind: 'closure', name: 'Stocktake', countsAsLeave: false });
    expect(await week()).toMatchObject({
      workingDays: 4,
      closures: [{ date: addDays(monday, 2), name: 'Stocktake', countsAsLeave: false }],
    });

    const charged = await json(
      await owner.post('/api/v1/settings/calendar-days', {
        date: addDays(monday, 3),
        kind: 'closure',
        name: 'Summer shutdown',
        countsAsLeave: true,
      }),
    );
    expect((await week()).workingDays).toBe(4);
    expect((await week()).closures).toHaveLength(2);

    const duplicate = await owner.post('/api/v1/settings/calendar-days', {
      date: addDays(monday, 2),
      kind: 'closure',
      name: 'Again',
    });
    expect(duplicate.status).toBe(409);
    expect((await json(duplicate)).error.message).toBe('This date is already in the company calendar');

    const list = await json(await owner.get('/api/v1/settings/calendar-days'));
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([freeDay.id, charged.id]);

    expect((await owner.call('DELETE', `/api/v1/settings/calendar-days/${freeDay.id}`)).status).toBe(200);
    expect((await week()).workingDays).toBe(5);
    expect((await owner.call('DELETE', `/api/v1/settings/calendar-days/${freeDay.id}`)).status).toBe(404);
    await owner.call('DELETE', `/api/v1/settings/calendar-days/${charged.id}`);
  });

  it('a worked public holiday is a working day, and only a public holiday may be one', async () => {
    const year = Number(today.slice(0, 4)) + 1;
    const alice = await signedIn('alice@northwind.example');
    const holidays = await json(await alice.get(`/api/v1/holidays/public-holidays?year=${year}`));
    const boxingDay = holidays.holidays.find((h: { name: string }) => h.name.startsWith('Boxing Day'));
    expect(boxingDay).toBeTruthy();
    const notOne = await owner.post('/api/v1/settings/calendar-days', {
      date: addDays(monday, 1),
      kind: 'worked_holiday',
      name: 'Not a holiday',
    });
    expect(notOne.status).toBe(400);
    expect((await json(notOne)).error.message).toBe(
      "This date is not a public holiday in the company's default region",
    );

    const worked = await owner.post('/api/v1/settings/calendar-days', {
      date: boxingDay.date,
      kind: 'worked_holiday',
      name: 'We work Boxing Day',
      countsAsLeave: true,
    });
    expect(worked.status).toBe(201);
    expect((await json(worked)).countsAsLeave).toBe(false);
    const count = await json(
      await alice.get(`/api/v1/holidays/working-days?start=${boxingDay.date}&end=${boxingDay.date}`),
    );
    expect(count).toMatchObject({ workingDays: 1, bankHolidays: [] });
    const after = await json(await alice.get(`/api/v1/holidays/public-holidays?year=${year}`));
    expect(after.holidays.map((h: { date: string }) => h.date)).not.toContain(boxingDay.date);
    expect(after.companyDays).toContainEqual({
      date: boxingDay.date,
      kind: 'worked_holiday',
      name: 'We work Boxing Day',
      countsAsLeave: false,
    });
  });

  it('answers bad input with 400, and others than super admins with Settings at Admin with 403', async () => {
    for (const body of [
      {},
      { date: 'soon', kind: 'closure', name: 'x' },
      { date: addDays(monday, 1), kind: 'party', name: 'x' },
      { date: addDays(monday, 1), kind: 'closure', name: '  ' },
      { date: addDays(monday, 1), kind: 'closure', name: 'x', countsAsLeave: 'yes' },
    ]) {
      const res = await owner.post('/api/v1/settings/calendar-days', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    // A path id that is not a uuid names nothing (the house rule: 404, never a cast error).
    expect((await owner.call('DELETE', '/api/v1/settings/calendar-days/not-a-uuid')).status).toBe(404);
    for (const email of ['admin@northwind.example', 'alice@northwind.example']) {
      const client = await signedIn(email);
      expect((await client.get('/api/v1/settings/calendar-days')).status, email).toBe(403);
      const res = await client.post('/api/v1/settings/calendar-days', {
        date: addDays(monday, 1),
        kind: 'closure',
        name: 'x',
      });
      expect(res.status, email).toBe(403);
    }
  });

  it("keeps one company's calendar days from another, in the service and under RLS", async () => {
    const added = await json(
      await owner.post('/api/v1/settings/calendar-days', {
        date: addDays(monday, 4),
        kind: 'closure',
        name: 'Private',
      }),
    );
    const southOwner = await signedIn('owner@southbank.example');
    expect((await json(await southOwner.get('/api/v1/settings/calendar-days'))).items).toEqual([]);
    expect((await southOwner.call('DELETE', `/api/v1/settings/calendar-days/${added.id}`)).status).toBe(404);
    const sam = await signedIn('sam@southbank.example');
    const samWeek = await json(
      await sam.get(`/api/v1/holidays/working-days?start=${monday}&end=${addDays(monday, 4)}`),
    );
    expect(samWeek).toMatchObject({ workingDays: 5, closures: [] });

    const [southbank] = await query<{ id: string }>(
      sql`select id from companies where name = 'Southbank Hire Ltd'`,
    );
    const [northwind] = await query<{ id: string }>(
      sql`select id from companies where name = 'Northwind Engineering Ltd'`,
    );
    const asSouthbank = { companyId: southbank?.id as string, userId: null, role: 'super_admin' as const };
    const seen = await withTenant(t.app.database.db, asSouthbank, (tx) =>
      tx.select().from(companyCalendarDays).where(eq(companyCalendarDays.id, added.id)),
    );
    expect(seen).toEqual([]);
    await expect(
      withTenant(t.app.database.db, asSouthbank, (tx) =>
        tx.insert(companyCalendarDays).values({
          companyId: northwind?.id as string,
          date: addDays(monday, 1),
          kind: 'closure',
          name: 'Planted',
        }),
      ),
    ).rejects.toThrow();
    const removed = await withTenant(t.app.database.db, asSouthbank, (tx) =>
      tx.delete(companyCalendarDays).where(eq(companyCalendarDays.id, added.id)).returning(),
    );
    expect(removed).toEqual([]);
    expect(
      (await json(await owner.get('/api/v1/settings/calendar-days'))).items.map((d: { id: string }) => d.id),
    ).toContain(added.id);
  });
});

describe('bank holidays on the team calendar', () => {
  it("marks the viewer's region's bank holidays in the month, and half days on entries", async () => {
    const fiona = await signedIn('fiona@northwind.example');
    const scottish = await json(await fiona.get('/api/v1/holidays/calendar?month=2026-11'));
    expect(scottish.bankHolidays).toEqual([{ date: '2026-11-30', name: 'St Andrew’s Day' }]);
    const alice = await signedIn('alice@northwind.example');
    const english = await json(await alice.get('/api/v1/holidays/calendar?month=2026-12'));
    expect(english.bankHolidays).toEqual([
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-28', name: 'Boxing Day (substitute day)' },
    ]);
    // A half day the owner books (approved at once) shows its half on the calendar.
    const owner = await signedIn('owner@northwind.example');
    const day = addDays(clearMondayFrom(addDays(today, 500), 'england-and-wales'), 1);
    const booked = await json(
      await owner.post('/api/v1/holidays/requests', { startDate: day, endDate: day, endHalfDay: true }),
    );
    expect(booked).toMatchObject({ status: 'approved', workingDays: 0.5 });
    const month = await json(await owner.get(`/api/v1/holidays/calendar?month=${day.slice(0, 7)}`));
    const entry = month.days.find((d: { date: string }) => d.date === day)?.entries[0];
    expect(entry).toMatchObject({ id: booked.id, startHalfDay: false, endHalfDay: true, workingDays: 0.5 });
  });
});
