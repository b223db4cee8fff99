import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { httpClient, type Json, json, useTestApp } from '../test-context.ts';
import { distinctClearMondays } from '../test-dates.ts';

const testApp = useTestApp();
const db = () => testApp.app.admin;
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(text));
const idOf = async (email: string) =>
  (await query<{ id: string }>(sql`select id from auth_users where email = ${email}`))[0]?.id as string;

async function signedIn(email: string) {
  const client = httpClient(testApp.app.app);
  await client.signIn(email);
  return client;
}

/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();

const requestRow = async (id: string) =>
  (
    await query<{ status: string; reviewed_by: string | null; line_manager_id: string | null }>(
      sql`select status, reviewed_by, line_manager_id from holiday_requests where id = ${id}`,
    )
  )[0];

describe('self-approval', () => {
  it('an operative who clears or picks their own approver is refused, and their next request waits for the manager', async () => {
    const alice = await signedIn('alice@northwind.example');
    const aliceId = await idOf('alice@northwind.example');
    const managerId = await idOf('manager@northwind.example');
    const crony = await idOf('tom@northwind.example');
    for (const lineManagerId of [null, '', crony]) {
      const res = await alice.call('PUT', '/api/v1/profile', { fullName: 'Alice Anders', lineManagerId });
      expect(res.status, String(lineManagerId)).toBe(403);
    }
    const links = await query<{ profile: string; record: string }>(
      sql`select p.line_manager as profile, e.line_manager_id as record from profiles p join employee_records e on e.user_id = p.id where p.id = ${aliceId}`,
    );
    expect(links[0]).toEqual({ profile: managerId, record: managerId });

    const start = mondayAfter(20);
    const booked = await alice.post('/api/v1/holidays/requests', { startDate: start, endDate: start });
    expect(booked.status).toBe(201);
    const request = await json(booked);
    expect(await requestRow(request.id)).toEqual({
      status: 'pending',
      reviewed_by: null,
      line_manager_id: managerId,
    });
    const own = await alice.post(`/api/v1/holidays/requests/${request.id}/decision`, { decision: 'approve' });
    expect(own.status).toBe(403);
    expect((await requestRow(request.id))?.status).toBe('pending');
  });

  it('an operative without a line manager is never auto-approved, and cannot decide their own request', async () => {
    const admin = await signedIn('admin@northwind.example'); // role admin, no line manager
    const start = mondayAfter(27);
    const request = await json(
      await admin.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    expect(await requestRow(request.id)).toMatchObject({ status: 'pending', reviewed_by: null });
    expect(
      (await admin.post(`/api/v1/holidays/requests/${request.id}/decision`, { decision: 'approve' })).status,
    ).toBe(403);
    expect((await requestRow(request.id))?.status).toBe('pending');
  });
});

describe('a replaced line manager', () => {
  it('decides nothing after being replaced; the new one can', async () => {
    const owner = await signedIn('owner@northwind.example');
    const tom = await signedIn('tom@northwind.example');
    const start = mondayAfter(34);
    const request = await json(
      await tom.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    expect(request.lineManagerId).toBe(await idOf('manager@northwind.example'));

    const record: Json = (await json(await owner.get('/api/v1/employees?search=tom@'))).items[0];
    const adminId = await idOf('admin@northwind.example');
    expect(
      (await owner.call('PUT', `/api/v1/employees/${record.id}`, { ...record, lineManagerId: adminId }))
        .status,
    ).toBe(200);

    const former = await signedIn('manager@northwind.example');
    const approvals = await json(await former.get('/api/v1/holidays/approvals'));
    expect(approvals.items.map((r: { id: string }) => r.id)).not.toContain(request.id);
    for (const decision of [{ decision: 'approve' }, { decision: 'reject', comment: 'No' }]) {
      expect((await former.post(`/api/v1/holidays/requests/${request.id}/decision`, decision)).status).toBe(
        403,
      );
    }
    expect(await requestRow(request.id)).toMatchObject({ status: 'pending', line_manager_id: adminId });

    const admin = await signedIn('admin@northwind.example');
    const decided = await admin.post(`/api/v1/holidays/requests/${request.id}/decision`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    expect(await requestRow(request.id)).toMatchObject({ status: 'approved', reviewed_by: adminId });
  });
});

describe('sick leave', () => {
  it("a colleague's calendar, day list and upcoming list never carry the type", async () => {
    const manager = await signedIn('manager@northwind.example');
    const alice = await signedIn('alice@northwind.example');
    // Alice's sick day, approved by her manager.
    const start = mondayAfter(41);
    const request = await json(
      await alice.post('/api/v1/holidays/requests', {
        startDate: start,
        endDate: start,
        holidayType: 'sick',
      }),
    );
    expect(
      (await manager.post(`/api/v1/holidays/requests/${request.id}/decision`, { decision: 'approve' }))
        .status,
    ).toBe(200);
    const urls = [
      `/api/v1/holidays/calendar?month=${start.slice(0, 7)}`,
      `/api/v1/holidays/calendar/day?date=${start}`,
    ];
    // The person herself reads it first (and fills the read cache with her answers).
    for (const url of urls)
      expect(await (await alice.get(url)).text(), url).toContain('"holidayType":"sick"');

    for (const email of ['tom@northwind.example', 'admin@northwind.example', 'dev@northwind.example']) {
      const colleague = await signedIn(email);
      for (const url of urls) {
        const body = await (await colleague.get(url)).text();
        expect(body, `${email} ${url}`).toContain(request.id);
        expect(body, `${email} ${url}`).not.toContain('sick');
      }
    }
    // The upcoming list: Tom's seeded sick day, two days ahead, is the first one; Alice sees no
    // colleague's type (her own, yes).
    const tomSick = (
      await query<{ id: string }>(
        sql`select id from holiday_requests where holiday_type = 'sick' and user_id = ${await idOf('tom@northwind.example')}`,
      )
    )[0]?.id as string;
    const upcoming: { items: { id: string; userId: string; holidayType: string | null }[] } = await json(
      await alice.get('/api/v1/holidays/upcoming'),
    );
    expect(upcoming.items.find((h) => h.id === tomSick)).toMatchObject({ holidayType: null });
    const aliceId = await idOf('alice@northwind.example');
    for (const h of upcoming.items) if (h.userId !== aliceId) expect(h.holidayType).toBeNull();
  });
});

describe('deleting an employee', () => {
  it('is refused while they have holiday requests, and their history stays whole', async () => {
    const owner = await signedIn('owner@northwind.example');
    const record: Json = (await json(await owner.get('/api/v1/employees?search=alice@'))).items[0];
    const history = () =>
      query<{ id: string; status: string }>(
        sql`select id, status from holiday_requests where employee_record_id = ${record.id} order by id`,
      );
    const before = await history();
    expect(before.length).toBeGreaterThan(0);
    const res = await owner.call('DELETE', `/api/v1/employees/${record.id}`);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(
      'This employee has holiday requests and cannot be deleted. Their history must be kept.',
    );
    expect(await history()).toEqual(before);
    expect((await owner.get(`/api/v1/employees/${record.id}`)).status).toBe(200);
  });
});

describe('removing a line manager from the company', () => {
  it("hands their reports' pending requests to the super admins, never to the reports", async () => {
    const tom = await signedIn('tom@northwind.example');
    const start = mondayAfter(48);
    const request = await json(
      await tom.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
    );
    const managerId = await idOf('manager@northwind.example');
    expect(request.lineManagerId).not.toBeNull();
    // Tom's record is back with Maya for this case.
    await query(
      sql`update employee_records set line_manager_id = ${managerId} where email = 'tom@northwind.example'`,
    );
    await query(sql`update holiday_requests set line_manager_id = ${managerId} where id = ${request.id}`);

    const owner = await signedIn('owner@northwind.example');
    const removed = await owner.call('DELETE', `/api/v1/settings/users/${managerId}`);
    expect(removed.status).toBe(200);
    expect(await requestRow(request.id)).toMatchObject({ status: 'pending', line_manager_id: null });
    expect(
      (await tom.post(`/api/v1/holidays/requests/${request.id}/decision`, { decision: 'approve' })).status,
    ).toBe(403);
    const approvals = await json(await owner.get('/api/v1/holidays/approvals'));
    expect(approvals.items.map((r: { id: string }) => r.id)).toContain(request.id);
    expect(
      (await owner.post(`/api/v1/holidays/requests/${request.id}/decision`, { decision: 'approve' })).status,
    ).toBe(200);
  });
});
