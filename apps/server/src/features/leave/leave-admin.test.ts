/**
 * The leave administration rules the screens of issue 18 use (ADRs 0093, 0094), through the API on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the leave rules' gates and validation, whom a
 * caller may record sickness for, the employee's own sickness window, a leaver's refused sign-in, what
 * a leaver is owed in the list, and the entitlement the employee form shows.
 */
import { leaverSignInMessage } from '@hr/shared/leave/leave.schemas';
import { SEARCH_MESSAGES } from '@hr/shared/search';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

const t = useTestApp();
const today = isoDate(new Date());

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const idOf = async (table: 'employee_records' | 'profiles', email: string) =>
  (
    await query<{ id: string }>(
      table === 'profiles'
        ? sql`select id from profiles where email = ${email}`
        : sql`select id from employee_records where email = ${email}`,
    )
  )[0]?.id as string;

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

/** The Monday at least `minDays` before today. */
function mondayBefore(minDays: number): string {
  let d = addDays(today, -minDays);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, -1);
  return d;
}

const RULES = {
  carryOverCapDays: 5,
  carryOverExpiryMonths: 3,
  allowNegativeBalance: false,
  allowanceLeaveTypes: ['annual', 'personal'],
  approvalLeaveTypes: ['annual', 'personal', 'study'],
};

describe('leave rules (Company Settings)', () => {
  it('saves, validates with clear messages and reloads; a company sees only its own', async () => {
    const owner = await signedIn('owner@northwind.example');
    const saved = await owner.call('PUT', '/api/v1/leave/settings', RULES);
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual(RULES);
    expect(await json(await owner.get('/api/v1/leave/settings'))).toEqual(RULES);

    for (const [body, field, message] of [
      [{ ...RULES, carryOverCapDays: -1 }, 'carryOverCapDays', 'Cannot be negative'],
      [{ ...RULES, carryOverCapDays: 2.25 }, 'carryOverCapDays', 'Days must be in steps of 0.5'],
      [{ ...RULES, carryOverExpiryMonths: 13 }, 'carryOverExpiryMonths', 'Invalid month'],
      [{ ...RULES, allowanceLeaveTypes: ['holiday'] }, 'allowanceLeaveTypes.0', undefined],
    ] as const) {
      const res = await owner.call('PUT', '/api/v1/leave/settings', body);
      expect(res.status).toBe(400);
      const error = (await json(res)).error;
      expect(Object.keys(error.fields)).toContain(field);
      if (message) expect(error.fields[field]).toBe(message);
    }
    // Refused bodies changed nothing.
    expect(await json(await owner.get('/api/v1/leave/settings'))).toEqual(RULES);

    const south = await signedIn('owner@southbank.example');
    expect((await json(await south.get('/api/v1/leave/settings'))).carryOverCapDays).toBe(0);
  });

  it('needs a super admin, Company Settings at View to read and at Admin to save', async () => {
    expect((await httpClient(t.app.app).get('/api/v1/leave/settings')).status).toBe(401);
    for (const email of ['manager@northwind.example', 'admin@northwind.example']) {
      const lower = await signedIn(email);
      expect((await lower.get('/api/v1/leave/settings')).status).toBe(403);
      expect((await lower.call('PUT', '/api/v1/leave/settings', RULES)).status).toBe(403);
    }
    const ownerId = await idOf('profiles', 'owner@northwind.example');
    await t.app.admin.execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level)
        select company_id, id, 'company-settings', 'view' from profiles where id = ${ownerId}`,
    );
    try {
      const owner = await signedIn('owner@northwind.example');
      expect((await owner.get('/api/v1/leave/settings')).status).toBe(200);
      const refused = await owner.call('PUT', '/api/v1/leave/settings', { ...RULES, carryOverCapDays: 9 });
      expect(refused.status).toBe(403);
      expect((await json(await owner.get('/api/v1/leave/settings'))).carryOverCapDays).toBe(5);
    } finally {
      await t.app.admin.execute(
        sql`delete from user_permissions where user_id = ${ownerId} and section_id = 'company-settings'`,
      );
    }
  });
});

describe('recording sickness', () => {
  it('lists only whom the caller may record for, searched on the server', async () => {
    const names = async (email: string, search = '') => {
      const res = await (await signedIn(email)).get(
        `/api/v1/holidays/sickness/employees?search=${encodeURIComponent(search)}`,
      );
      expect(res.status).toBe(200);
      return (await json(res)).items.map((i: { fullName: string }) => i.fullName);
    };
    const reports = await names('manager@northwind.example');
    expect(reports).toEqual(expect.arrayContaining(['Alice Anders', 'Tom Turner']));
    expect(reports).not.toContain('Maya Mitchell');
    expect(reports).not.toContain('Olivia Owen');
    expect(await names('alice@northwind.example')).toEqual([]);
    const everyone = await names('owner@northwind.example');
    expect(everyone).toEqual(expect.arrayContaining(['Alice Anders', 'Maya Mitchell', 'Adam Archer']));
    expect(everyone).not.toContain('Olivia Owen');
    expect(everyone).not.toContain('Sam Reed');
    expect(await names('owner@northwind.example', 'tom')).toEqual(['Tom Turner']);
    // LIKE wildcards are searched as text.
    expect(await names('owner@northwind.example', '%')).toEqual([]);
    expect(await names('owner@southbank.example', 'alice')).toEqual([]);
    expect((await httpClient(t.app.app).get('/api/v1/holidays/sickness/employees')).status).toBe(401);
    const tooLong = await (await signedIn('owner@northwind.example')).get(
      `/api/v1/holidays/sickness/employees?search=${'x'.repeat(201)}`,
    );
    expect(tooLong.status).toBe(400);
    expect((await json(tooLong)).error.fields.search).toBe(SEARCH_MESSAGES.tooLong);
  });

  it("refuses another company's employee (404), a colleague (403) and days after a leaver's end date", async () => {
    const aliceId = await idOf('employee_records', 'alice@northwind.example');
    const past = mondayBefore(30);
    const body = { employeeRecordId: aliceId, startDate: past, endDate: past };
    expect(
      (await (await signedIn('owner@southbank.example')).post('/api/v1/holidays/sickness', body)).status,
    ).toBe(404);
    expect(
      (await (await signedIn('tom@northwind.example')).post('/api/v1/holidays/sickness', body)).status,
    ).toBe(403);
    const unknown = await (await signedIn('owner@northwind.example')).post('/api/v1/holidays/sickness', {
      ...body,
      employeeRecordId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);

    const fionaId = await idOf('employee_records', 'fiona@northwind.example');
    const countOf = async () =>
      (
        await query<{ n: number }>(
          sql`select count(*)::int as n from holiday_requests where employee_record_id = ${fionaId}`,
        )
      )[0]?.n;
    const before = await countOf();
    await t.app.admin.execute(
      sql`update employee_records set end_date = ${addDays(past, 1)} where id = ${fionaId}`,
    );
    try {
      const owner = await signedIn('owner@northwind.example');
      const after = await owner.post('/api/v1/holidays/sickness', {
        employeeRecordId: fionaId,
        startDate: past,
        endDate: addDays(past, 2),
      });
      expect(after.status).toBe(400);
      expect((await json(after)).error.fields.endDate).toBe(
        'Sickness cannot be recorded after the employee’s end date',
      );
      expect(await countOf()).toBe(before);
    } finally {
      await t.app.admin.execute(sql`update employee_records set end_date = null where id = ${fionaId}`);
    }
  });

  it('lets the employee book their own sickness 14 days back in the request form, and no other past type', async () => {
    const tom = await signedIn('tom@northwind.example');
    const own = await tom.post('/api/v1/holidays/requests', {
      holidayType: 'sick',
      startDate: addDays(today, -14),
      endDate: addDays(today, -14),
    });
    // A weekend or bank holiday 14 days back has no working day: both are the server agreeing on the date.
    expect([201, 400]).toContain(own.status);
    if (own.status === 400) expect((await json(own)).error.fields.endDate).toBeDefined();
    const tooFar = await tom.post('/api/v1/holidays/requests', {
      holidayType: 'sick',
      startDate: addDays(today, -16),
      endDate: addDays(today, -16),
    });
    expect(tooFar.status).toBe(400);
    expect((await json(tooFar)).error.fields.startDate).toBe(
      'You can record your own sickness up to 14 days back',
    );
    const annual = await tom.post('/api/v1/holidays/requests', {
      holidayType: 'annual',
      startDate: addDays(today, -3),
      endDate: addDays(today, -3),
    });
    expect(annual.status).toBe(400);
    expect((await json(annual)).error.fields.startDate).toBeDefined();
  });
});

describe('a leaver', () => {
  it('is refused at sign-in with a clear message and no session, shown with what they are owed', async () => {
    const owner = await signedIn('owner@northwind.example');
    const adamId = await idOf('employee_records', 'admin@northwind.example');
    const adamUser = await idOf('profiles', 'admin@northwind.example');
    const endDate = addDays(today, -1);
    expect((await owner.call('PUT', `/api/v1/employees/${adamId}/end-date`, { endDate })).status).toBe(200);
    try {
      const client = httpClient(t.app.app);
      const res = await client.call('POST', '/api/auth/sign-in/email', {
        email: 'admin@northwind.example',
        password: 'DemoPassw0rd!2026',
      });
      expect(res.status).toBe(403);
      expect((await json(res)).error.message).toBe(leaverSignInMessage(endDate));
      expect(client.cookie).toBe('');
      expect(
        (
          await query<{ n: number }>(
            sql`select count(*)::int as n from auth_sessions where user_id = ${adamUser}`,
          )
        )[0]?.n,
      ).toBe(0);
      // A wrong password stays the generic refusal: the message tells nothing to someone without it.
      const wrong = await client.call('POST', '/api/auth/sign-in/email', {
        email: 'admin@northwind.example',
        password: 'not-the-password',
      });
      expect(wrong.status).toBe(401);

      const list = await json(await owner.get('/api/v1/employees?pageSize=200&leavers=include'));
      const adam = list.items.find((e: { id: string }) => e.id === adamId);
      const ledger = await json(await owner.get(`/api/v1/employees/${adamId}/ledger`));
      expect(adam.endDate).toBe(endDate);
      expect(adam.owedOnLeaving).toBe(ledger.owedOnLeaving);
      expect(typeof adam.owedOnLeaving).toBe('number');
      const current = list.items.find((e: { email: string }) => e.email === 'alice@northwind.example');
      expect(current.owedOnLeaving).toBeNull();
    } finally {
      await owner.call('PUT', `/api/v1/employees/${adamId}/end-date`, { endDate: null });
    }
    // Cleared: they sign in again.
    await httpClient(t.app.app).signIn('admin@northwind.example');
  });
});

describe("a new employee's entitlement", () => {
  it("defaults from the company's entitlement, pro-rated for the week and the joining date, and the form's preview matches", async () => {
    const owner = await signedIn('owner@northwind.example');
    const settings = await json(await owner.get('/api/v1/settings/company'));
    const put = await owner.call('PUT', '/api/v1/settings/company', {
      ...settings,
      annualHolidayDaysEntitlement: 33,
    });
    expect(put.status).toBe(200);
    try {
      const full = await json(await owner.get('/api/v1/employees/entitlement'));
      expect(full).toMatchObject({ annualDays: 33, defaulted: true, yearDays: null });
      const preview = await json(
        await owner.get(
          `/api/v1/employees/entitlement?startDate=${today}&workingPattern=monday,wednesday,friday`,
        ),
      );
      // 3 x 5.6 = 16.8 statutory + (33 - 28) x 3/5 = 3 -> 19.8, rounded up to the half day: 20.
      expect(preview.annualDays).toBe(20);
      expect(preview.annualLines.join('\n')).toContain('Company entitlement: 33 days');
      expect(preview.yearLines[0]).toContain('20 days a full year');

      const created = await json(
        await owner.post('/api/v1/employees', {
          fullName: 'Priya Part',
          email: 'priya.part@northwind.example',
          position: 'Fitter',
          employeeNumber: 'PT-001',
          startDate: today,
          workingPattern: ['monday', 'wednesday', 'friday'],
        }),
      );
      expect(created.annualHolidayDays).toBe(20);
      expect(created.allowanceThisYear).toBe(preview.yearDays);
      const given = await json(await owner.get('/api/v1/employees/entitlement?annualHolidayDays=10'));
      expect(given).toMatchObject({ annualDays: 10, defaulted: false });
    } finally {
      await owner.call('PUT', '/api/v1/settings/company', settings);
    }
  });

  it("gives the demo's part-timers their pro-rated days, not a fixed 28", async () => {
    const owner = await signedIn('owner@northwind.example');
    const days = async (search: string) =>
      (await json(await owner.get(`/api/v1/employees?search=${search}`))).items[0].annualHolidayDays;
    // Fiona works Monday to Wednesday: 3 x 5.6 = 16.8, rounded up to the half day; Nina four days: 22.4.
    expect(await days('fiona')).toBe(17);
    expect(await days('nina')).toBe(22.5);
    expect(await days('alice')).toBe(28);
  });

  it('refuses bad input with 400 and lower roles with 403', async () => {
    const owner = await signedIn('owner@northwind.example');
    for (const q of [
      'annualHolidayDays=-1',
      'annualHolidayDays=abc',
      'workingPattern=funday',
      'startDate=2026-02-30',
    ]) {
      expect((await owner.get(`/api/v1/employees/entitlement?${q}`)).status).toBe(400);
    }
    expect(
      (await (await signedIn('manager@northwind.example')).get('/api/v1/employees/entitlement')).status,
    ).toBe(403);
    expect((await httpClient(t.app.app).get('/api/v1/employees/entitlement')).status).toBe(401);
  });
});
