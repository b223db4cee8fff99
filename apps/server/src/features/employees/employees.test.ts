import { EMPLOYEE_MESSAGES } from '@hr/shared/hr/employees.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

const t = useTestApp();

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const userId = async (email: string) =>
  (await query<{ id: string }>(sql`select id from auth_users where email = ${email}`))[0]?.id as string;

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

const newEmployee = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Grace Hopper',
  email: '  Grace.Hopper@Northwind.Example ',
  position: 'Engineer',
  department: '',
  employeeNumber: `T-${Math.random().toString(36).slice(2, 8)}`,
  startDate: '2026-01-05',
  ...overrides,
});

describe('employee records', () => {
  it('takes back on PUT what GET answered, with one field changed', async () => {
    const owner = await signedIn('owner@northwind.example');
    const created = await json(
      await owner.post('/api/v1/employees', newEmployee({ email: 'round.trip@northwind.example' })),
    );
    const current = await json(await owner.get(`/api/v1/employees/${created.id}`));
    const res = await owner.call('PUT', `/api/v1/employees/${created.id}`, {
      ...current,
      position: 'Architect',
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ...current, position: 'Architect' });
  });

  it('lists the company employees oldest first, searches on the server and pages', async () => {
    const owner = await signedIn('owner@northwind.example');
    const all = await json(await owner.get('/api/v1/employees'));
    expect(all.total).toBeGreaterThanOrEqual(7);
    expect(all.items[0]).toMatchObject({ employeeNumber: 'EMP001', lineManagerName: null });
    expect(
      all.items.find((e: { email: string }) => e.email === 'alice@northwind.example').lineManagerName,
    ).toBe('Maya Mitchell');
    const page = await json(await owner.get('/api/v1/employees?pageSize=2&page=2'));
    expect(page.items.map((e: { id: string }) => e.id)).toEqual(
      all.items.slice(2, 4).map((e: { id: string }) => e.id),
    );
    expect(page.total).toBe(all.total);
    // Alice's seeded approved leave counts against this holiday year's ledger (ADR 0090).
    const alice = all.items.find((e: { email: string }) => e.email === 'alice@northwind.example');
    const balance = await json(
      await (await signedIn('alice@northwind.example')).get('/api/v1/holidays/balance'),
    );
    expect(alice).toMatchObject({
      allowanceThisYear: balance.total,
      usedThisYear: balance.used,
      remainingThisYear: balance.remaining,
    });
    for (const term of ['alice', 'ALICE@', 'EMP004']) {
      const found = await json(await owner.get(`/api/v1/employees?search=${encodeURIComponent(term)}`));
      expect(found.total, term).toBe(1);
    }
    const none = await json(await owner.get('/api/v1/employees?search=%25_%25'));
    expect(none.total).toBe(0);
    // A search's pages: the total rides on the page's rows, and a page past the end still counts.
    const matches = await json(await owner.get('/api/v1/employees?search=northwind&pageSize=100'));
    expect(matches.total).toBeGreaterThanOrEqual(5);
    const second = await json(await owner.get('/api/v1/employees?search=northwind&pageSize=2&page=2'));
    expect(second.total).toBe(matches.total);
    expect(second.items.map((e: { id: string }) => e.id)).toEqual(
      matches.items.slice(2, 4).map((e: { id: string }) => e.id),
    );
    const pastTheEnd = await json(await owner.get('/api/v1/employees?search=northwind&pageSize=2&page=50'));
    expect(pastTheEnd).toMatchObject({ items: [], total: matches.total });
  });

  it('is only for super_admin and developer with the employees section', async () => {
    for (const email of ['alice@northwind.example', 'admin@northwind.example', 'manager@northwind.example']) {
      const client = await signedIn(email);
      expect((await client.get('/api/v1/employees')).status, email).toBe(403);
      expect((await client.post('/api/v1/employees', newEmployee())).status, email).toBe(403);
    }
    expect((await (await signedIn('dev@northwind.example')).get('/api/v1/employees')).status).toBe(200);
    const ownerId = await userId('owner@northwind.example');
    const companyId = (
      await query<{ company_id: string }>(sql`select company_id from profiles where id = ${ownerId}`)
    )[0]?.company_id;
    await t.app.admin.execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level) values (${companyId}, ${ownerId}, 'employees', 'view')`,
    );
    const owner = await signedIn('owner@northwind.example');
    expect((await owner.get('/api/v1/employees')).status).toBe(200);
    expect((await owner.post('/api/v1/employees', newEmployee())).status).toBe(403);
    await t.app.admin.execute(
      sql`update user_permissions set access_level = 'no_access' where user_id = ${ownerId}`,
    );
    expect((await (await signedIn('owner@northwind.example')).get('/api/v1/employees')).status).toBe(403);
    await t.app.admin.execute(sql`delete from user_permissions where user_id = ${ownerId}`);
  });

  it('creates with the defaults, lower-cases the email, and keeps the opening balance on edit', async () => {
    const owner = await signedIn('owner@northwind.example');
    const res = await owner.post('/api/v1/employees', newEmployee());
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({
      email: 'grace.hopper@northwind.example',
      department: null,
      annualHolidayDays: 28,
      allowanceThisYear: 28,
      remainingThisYear: 28,
      endDate: null,
      userId: null,
      lineManagerId: null,
    });
    // The former holiday_days_used is an opening balance in the ledger now (ADR 0090).
    const opening = await owner.post(`/api/v1/employees/${created.id}/ledger`, {
      kind: 'opening_balance',
      days: -3,
      reason: 'Taken before Northwind HR',
    });
    expect(opening.status).toBe(201);
    const edited = await owner.call('PUT', `/api/v1/employees/${created.id}`, {
      ...newEmployee({
        employeeNumber: created.employeeNumber,
        annualHolidayDays: 25,
        department: 'Workshop',
      }),
    });
    expect(edited.status).toBe(200);
    // The entitlement follows the new days (joined 2026-01-05: 25 x 361/365 rounds up to 25); the opening balance stays.
    expect(await json(edited)).toMatchObject({
      annualHolidayDays: 25,
      allowanceThisYear: 22,
      remainingThisYear: 22,
      department: 'Workshop',
    });
  });

  it('refuses a number already in use in the company, but not the record keeping its own', async () => {
    const owner = await signedIn('owner@northwind.example');
    const res = await owner.post('/api/v1/employees', newEmployee({ employeeNumber: 'EMP002' }));
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.error.message).toBe('Employee number EMP002 is already in use');
    // The field it is about, so the form marks it without reading the text.
    expect(body.error.fields).toEqual({ employeeNumber: 'Employee number EMP002 is already in use' });
    // Another company may use the same number.
    const south = await signedIn('owner@southbank.example');
    expect((await south.post('/api/v1/employees', newEmployee({ employeeNumber: 'EMP005' }))).status).toBe(
      201,
    );
  });

  it('lets exactly one of two simultaneous saves with the same number win', async () => {
    const owner = await signedIn('owner@northwind.example');
    const body = newEmployee({ employeeNumber: 'RACE-1' });
    const results = await Promise.all([
      owner.post('/api/v1/employees', body),
      owner.post('/api/v1/employees', body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = await json(results.find((r) => r.status === 409) as Response);
    expect([EMPLOYEE_MESSAGES.duplicateNumber, EMPLOYEE_MESSAGES.numberInUse('RACE-1')]).toContain(
      loser.error.message,
    );
    expect(loser.error.fields).toEqual({ employeeNumber: loser.error.message });
    const rows = await query<{ n: number }>(
      sql`select count(*)::int as n from employee_records where employee_number = 'RACE-1'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('saves and finds a record with every searched field at its longest, in 3-byte characters', async () => {
    // The search's count reads an index holding the searched text (ADR 0165): a btree entry must fit
    // 2,704 bytes, and these are the largest the form lets through (about 2,220 bytes lower-cased).
    // Characters that do not repeat, so PostgreSQL cannot shrink the entry by compressing it.
    const text = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => String.fromCodePoint(from + ((i * 7919) % 20000))).join('');
    const longest = newEmployee({
      fullName: `Qzxv ${text(195, 0x4e00)}`,
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(53)}.example`,
      position: text(200, 0x5e00),
      department: text(200, 0x6e00),
      employeeNumber: text(50, 0x7e00),
    });
    expect(longest.email.length).toBe(254);
    const bytes = Buffer.byteLength(
      [longest.fullName, longest.email, longest.employeeNumber, longest.position, longest.department]
        .join('\u001f')
        .toLowerCase(),
    );
    expect(bytes).toBeGreaterThan(2_150);
    const owner = await signedIn('owner@northwind.example');
    const created = await owner.post('/api/v1/employees', longest);
    expect(created.status).toBe(201);
    const id = (await json(created)).id;
    const found = await json(
      await owner.get(`/api/v1/employees?search=${encodeURIComponent(longest.department.slice(5, 25))}`),
    );
    expect(found.items.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(found.total).toBe(1);
    // Past the first page the count is the index's: every "Qzxv" of 60 records, this one among them.
    for (let i = 0; i < 59; i++) {
      const res = await owner.post(
        '/api/v1/employees',
        newEmployee({ fullName: `Qzxv Lovelace ${i}`, email: `qzxv.${i}@northwind.example` }),
      );
      expect(res.status).toBe(201);
    }
    const qzxv = await json(await owner.get('/api/v1/employees?search=qzxv&pageSize=10'));
    expect(qzxv.items).toHaveLength(10);
    expect(qzxv.total).toBe(60);
    const remaining = await json(
      await owner.call('PUT', `/api/v1/employees/${id}`, {
        ...(await json(await owner.get(`/api/v1/employees/${id}`))),
        fullName: `Bea ${text(196, 0x4e00)}`,
      }),
    );
    expect(remaining.fullName.startsWith('Bea ')).toBe(true);
    expect((await json(await owner.get('/api/v1/employees?search=qzxv&pageSize=10'))).total).toBe(59);
  });

  it('answers bad input with the form messages and writes nothing', async () => {
    const owner = await signedIn('owner@northwind.example');
    const before = (await query<{ n: number }>(sql`select count(*)::int as n from employee_records`))[0]?.n;
    const res = await owner.post('/api/v1/employees', {
      fullName: ' ',
      email: 'nope',
      position: '',
      employeeNumber: '',
      startDate: '',
      annualHolidayDays: -1,
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({
      fullName: EMPLOYEE_MESSAGES.fullNameRequired,
      email: EMPLOYEE_MESSAGES.invalidEmail,
      position: EMPLOYEE_MESSAGES.positionRequired,
      employeeNumber: EMPLOYEE_MESSAGES.employeeNumberRequired,
      startDate: EMPLOYEE_MESSAGES.startDateRequired,
      annualHolidayDays: EMPLOYEE_MESSAGES.holidayDaysNonNegative,
    });
    // A field past its limit says so, not that it is required (it was, for 201 characters of name).
    const tooLong = await owner.post(
      '/api/v1/employees',
      newEmployee({
        fullName: 'n'.repeat(201),
        position: 'p'.repeat(201),
        department: 'd'.repeat(201),
        employeeNumber: 'e'.repeat(51),
      }),
    );
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).error.fields).toEqual({
      fullName: EMPLOYEE_MESSAGES.tooLong(200),
      position: EMPLOYEE_MESSAGES.tooLong(200),
      department: EMPLOYEE_MESSAGES.tooLong(200),
      employeeNumber: EMPLOYEE_MESSAGES.tooLong(50),
    });
    expect(EMPLOYEE_MESSAGES.tooLong(200)).toBe('At most 200 characters');
    const southSam = await userId('sam@southbank.example');
    const foreign = await owner.post('/api/v1/employees', newEmployee({ lineManagerId: southSam }));
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error.message).toBe(EMPLOYEE_MESSAGES.lineManagerNotInCompany);
    expect((await owner.get('/api/v1/employees/not-a-uuid')).status).toBe(404);
    expect((await owner.post('/api/v1/employees', '{"fullName":')).status).toBe(400);
    const after = (await query<{ n: number }>(sql`select count(*)::int as n from employee_records`))[0]?.n;
    expect(after).toBe(before);
  });

  it("mirrors a linked user's line manager onto their profile", async () => {
    const owner = await signedIn('owner@northwind.example');
    const tomId = await userId('tom@northwind.example');
    const list = await json(await owner.get('/api/v1/employees?search=tom@'));
    const tom = list.items[0];
    const adminId = await userId('admin@northwind.example');
    const res = await owner.call('PUT', `/api/v1/employees/${tom.id}`, { ...tom, lineManagerId: adminId });
    expect(res.status).toBe(200);
    const profile = await query<{ line_manager: string }>(
      sql`select line_manager from profiles where id = ${tomId}`,
    );
    expect(profile[0]?.line_manager).toBe(adminId);
    // Tom's pending request moved with him to the new line manager, who is told (ADR 0049).
    const pending = await query<{ line_manager_id: string }>(
      sql`select line_manager_id from holiday_requests where user_id = ${tomId} and status = 'pending'`,
    );
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.line_manager_id === adminId)).toBe(true);
    const notes = await query<{ title: string }>(
      sql`select title from notifications where user_id = ${adminId} and type = 'holiday_request'`,
    );
    expect(notes.map((n) => n.title)).toContain('Holiday request to decide');
    const self = await owner.call('PUT', `/api/v1/employees/${tom.id}`, { ...tom, lineManagerId: tomId });
    expect((await json(self)).error.message).toBe(EMPLOYEE_MESSAGES.ownLineManager);
  });

  it('deletes a record, and a second delete finds nothing', async () => {
    const owner = await signedIn('owner@northwind.example');
    const created = await json(await owner.post('/api/v1/employees', newEmployee()));
    const res = await owner.call('DELETE', `/api/v1/employees/${created.id}`);
    expect(await json(res)).toEqual({ message: EMPLOYEE_MESSAGES.deleted });
    expect((await owner.call('DELETE', `/api/v1/employees/${created.id}`)).status).toBe(404);
  });

  it('records one deletion when the same record is deleted many times at once: one 200, the rest 404', async () => {
    const owner = await signedIn('owner@northwind.example');
    for (let k = 0; k < 3; k++) {
      const created = await json(
        await owner.post(
          '/api/v1/employees',
          newEmployee({ employeeNumber: `DEL-BURST-${k}`, email: `del.burst.${k}@northwind.example` }),
        ),
      );
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => owner.call('DELETE', `/api/v1/employees/${created.id}`)),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
      // Before: each request that read the record before the first delete committed wrote an event.
      const [events] = await query<{ n: number }>(
        sql`select count(*)::int as n from audit_events where kind = 'employee.deleted' and target_id = ${created.id}`,
      );
      expect(events?.n).toBe(1);
    }
  });

  it('refuses to delete an employee with holiday requests (409) and keeps the record and its history', async () => {
    const owner = await signedIn('owner@northwind.example');
    const alice = (await json(await owner.get('/api/v1/employees?search=alice@'))).items[0];
    const history = async () =>
      query<{ id: string; status: string }>(
        sql`select id, status from holiday_requests where employee_record_id = ${alice.id} order by id`,
      );
    const before = await history();
    expect(before.length).toBeGreaterThan(0);
    const res = await owner.call('DELETE', `/api/v1/employees/${alice.id}`);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(EMPLOYEE_MESSAGES.hasHolidayRequests);
    expect(await json(await owner.get(`/api/v1/employees/${alice.id}`))).toEqual(alice);
    expect(await history()).toEqual(before);

    // Any request counts, a cancelled one too; and the database refuses it without the service's check.
    const created = await json(await owner.post('/api/v1/employees', newEmployee()));
    await t.app.admin.execute(sql`
      insert into holiday_requests (company_id, employee_record_id, start_date, end_date, status, working_days, days_requested)
      select company_id, id, '2026-01-05', '2026-01-05', 'cancelled', 1, 1 from employee_records where id = ${created.id}`);
    const refused = await owner.call('DELETE', `/api/v1/employees/${created.id}`);
    expect(refused.status).toBe(409);
    await expect(
      t.app.admin.execute(sql`delete from employee_records where id = ${created.id}`),
    ).rejects.toThrow();
    expect((await query(sql`select id from employee_records where id = ${created.id}`)).length).toBe(1);
  });

  it("keeps company B from reading, changing or deleting company A's employees", async () => {
    const owner = await signedIn('owner@northwind.example');
    const target = (await json(await owner.get('/api/v1/employees?search=EMP003'))).items[0];
    const south = await signedIn('owner@southbank.example');
    expect((await south.get(`/api/v1/employees/${target.id}`)).status).toBe(404);
    expect(
      (await south.call('PUT', `/api/v1/employees/${target.id}`, { ...target, fullName: 'Hacked' })).status,
    ).toBe(404);
    expect((await south.call('DELETE', `/api/v1/employees/${target.id}`)).status).toBe(404);
    const southList = JSON.stringify(await json(await south.get('/api/v1/employees?pageSize=200')));
    expect(southList).not.toContain(target.id);
    const options = JSON.stringify(await json(await south.get('/api/v1/employees/user-options')));
    expect(options).not.toContain('northwind');
    const after = await json(await owner.get(`/api/v1/employees/${target.id}`));
    expect(after).toEqual(target);
  });
});
