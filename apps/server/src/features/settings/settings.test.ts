import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { securityEvents } from '../../db/schema/security.ts';

const testApp = useTestApp();
const app = () => testApp.app.app;
const db = () => testApp.app.admin;

async function idOf(email: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db().execute(sql`select id from auth_users where email = ${email}`),
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function signedIn(email: string) {
  const client = httpClient(app());
  await client.signIn(email);
  return client;
}

async function settingsRow(email: string) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db().execute(
      sql`select s.* from company_settings s join profiles p on p.company_id = s.company_id where p.email = ${email}`,
    ),
  );
  return row;
}

const validSettings = {
  fullTimeHoursPerDay: 7.5,
  annualHolidayDaysEntitlement: 28,
  holidayYearStartMonth: 1,
  financialYearStartMonth: 4,
  workingDaysPattern: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  roundRspToWholeNumbers: false,
  cloudStorageEnabled: false,
  primaryCloudProvider: 'supabase',
  cloudStorageFolderStructure: 'company/department/date',
};

describe('settings access', () => {
  it('is closed to admin and operative roles', async () => {
    for (const email of ['admin@northwind.example', 'alice@northwind.example']) {
      const client = await signedIn(email);
      for (const path of ['permissions', 'users', 'invitations', 'company']) {
        expect((await client.get(`/api/v1/settings/${path}`)).status).toBe(403);
      }
    }
  });
});

describe('permissions', () => {
  it('upserts idempotently on (user, section, company) in one batch and reloads', async () => {
    const owner = await signedIn('owner@northwind.example');
    const alice = await idOf('alice@northwind.example');
    const body = {
      changes: [
        { userId: alice, sectionId: 'orders', accessLevel: 'view' },
        { userId: alice, sectionId: 'inventory', accessLevel: 'no_access' },
      ],
    };
    for (let i = 0; i < 2; i++) {
      const res = await owner.call('PUT', '/api/v1/settings/permissions', body);
      expect(res.status).toBe(200);
    }
    const [row] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from user_permissions where user_id = ${alice}`),
    );
    expect(row?.n).toBe(2);
    const again = await owner.call('PUT', '/api/v1/settings/permissions', {
      changes: [{ userId: alice, sectionId: 'orders', accessLevel: 'full' }],
    });
    expect(again.status).toBe(200);
    const list = await json(await owner.get('/api/v1/settings/permissions'));
    expect(list.permissions).toEqual(
      expect.arrayContaining([
        { userId: alice, sectionId: 'orders', accessLevel: 'full' },
        { userId: alice, sectionId: 'inventory', accessLevel: 'no_access' },
      ]),
    );
    expect(list.sections.map((s: { displayName: string }) => s.displayName)).toEqual(
      [...list.sections.map((s: { displayName: string }) => s.displayName)].sort(),
    );
    expect(list.users.some((u: { email: string }) => u.email === 'sam@southbank.example')).toBe(false);
    // The stored level reaches the user's own session.
    const aliceClient = await signedIn('alice@northwind.example');
    expect((await json(await aliceClient.get('/api/v1/me'))).permissions.inventory).toBe('no_access');
  });

  it('refuses a batch naming a user of another company and writes nothing', async () => {
    const owner = await signedIn('owner@northwind.example');
    const alice = await idOf('alice@northwind.example');
    const sam = await idOf('sam@southbank.example');
    const res = await owner.call('PUT', '/api/v1/settings/permissions', {
      changes: [
        { userId: alice, sectionId: 'procurement', accessLevel: 'view' },
        { userId: sam, sectionId: 'orders', accessLevel: 'view' },
      ],
    });
    expect(res.status).toBe(400);
    const [row] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from user_permissions where section_id = 'procurement' or user_id = ${sam}`,
      ),
    );
    expect(row?.n).toBe(0);
  });

  it('rejects unknown sections and levels with 400', async () => {
    const owner = await signedIn('owner@northwind.example');
    const alice = await idOf('alice@northwind.example');
    for (const change of [
      { userId: alice, sectionId: 'nope', accessLevel: 'view' },
      { userId: alice, sectionId: 'orders', accessLevel: 'owner' },
    ]) {
      expect((await owner.call('PUT', '/api/v1/settings/permissions', { changes: [change] })).status).toBe(
        400,
      );
    }
  });
});

describe('users', () => {
  it('creates a user who must change the password at first sign-in and shows as pending', async () => {
    const owner = await signedIn('owner@northwind.example');
    const res = await owner.post('/api/v1/settings/users', {
      fullName: 'Carl Created',
      email: ' Carl@Northwind.example ',
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe(
      'User Carl Created created successfully. Login credentials can be provided manually.',
    );
    expect(body.user.role).toBe('operative');

    const pending = await json(await owner.get('/api/v1/settings/invitations'));
    expect(pending.invitations[0]).toMatchObject({ email: 'carl@northwind.example', role: 'operative' });

    const carl = httpClient(app());
    await carl.signIn('carl@northwind.example', 'secret1');
    const me = await json(await carl.get('/api/v1/me'));
    expect(me.profile.firstLoginCompleted).toBe(false);
    expect(me.role).toBe('operative');
    expect(
      (await carl.post('/api/v1/me/password', { currentPassword: 'secret1', newPassword: 'another-secret' }))
        .status,
    ).toBe(200);
    expect((await json(await carl.get('/api/v1/me'))).profile.firstLoginCompleted).toBe(true);
    // Accepted: no longer listed as pending.
    const after = await json(await owner.get('/api/v1/settings/invitations'));
    expect(after.invitations.some((i: { email: string }) => i.email === 'carl@northwind.example')).toBe(
      false,
    );
  });

  it('refuses a known email and bad input with the spec messages', async () => {
    const owner = await signedIn('owner@northwind.example');
    const dup = await owner.post('/api/v1/settings/users', {
      fullName: 'Again',
      email: 'alice@northwind.example',
      password: 'secret1',
    });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.message).toBe('A user with this email address already exists');
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: ' ', email: 'x@y.example', password: 'secret1' }, 'Please enter a full name'],
      [{ fullName: 'X', email: '', password: 'secret1' }, 'Please enter an email address'],
      [
        { fullName: 'X', email: 'x@y.example', password: '12345' },
        'Please enter a password with at least 6 characters',
      ],
      [
        { fullName: 'X', email: 'x@y.example', password: 'secret1', role: 'developer' },
        expect.any(String) as never,
      ],
    ];
    for (const [input, message] of cases) {
      const res = await owner.post('/api/v1/settings/users', input);
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toEqual(message);
    }
  });

  it('changes a role, writes role_changed, and keeps the last super admin', async () => {
    const owner = await signedIn('owner@northwind.example');
    const tom = await idOf('tom@northwind.example');
    const ownerId = await idOf('owner@northwind.example');
    const res = await owner.call('PUT', `/api/v1/settings/users/${tom}/role`, { role: 'admin' });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('User role updated successfully');
    const events = await db().select().from(securityEvents).where(eq(securityEvents.action, 'role_changed'));
    expect(events.some((e) => e.userId === tom)).toBe(true);

    const demote = await owner.call('PUT', `/api/v1/settings/users/${ownerId}/role`, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect((await json(demote)).error.code).toBe('LAST_SUPER_ADMIN');
    const remove = await owner.call('DELETE', `/api/v1/settings/users/${ownerId}`);
    expect(remove.status).toBe(400);
    const devId = await idOf('dev@northwind.example');
    expect(
      (await owner.call('PUT', `/api/v1/settings/users/${devId}/role`, { role: 'operative' })).status,
    ).toBe(403);
    const sam = await idOf('sam@southbank.example');
    expect((await owner.call('PUT', `/api/v1/settings/users/${sam}/role`, { role: 'admin' })).status).toBe(
      404,
    );
  });

  it('removes a user: their session stops working at once, the employee record stays', async () => {
    const owner = await signedIn('owner@northwind.example');
    const tomClient = await signedIn('tom@northwind.example');
    expect((await tomClient.get('/api/v1/me')).status).toBe(200);
    const tom = await idOf('tom@northwind.example');
    const res = await owner.call('DELETE', `/api/v1/settings/users/${tom}`);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('User tom@northwind.example removed successfully');

    expect((await tomClient.get('/api/v1/me')).status).toBe(401);
    expect(await db().select().from(authSessions).where(eq(authSessions.userId, tom))).toEqual([]);
    const again = await httpClient(app()).post('/api/auth/sign-in/email', {
      email: 'tom@northwind.example',
      password: 'DemoPassw0rd!2026',
    });
    expect(again.status).not.toBe(200);
    const [record] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from employee_records where user_id = ${tom}`),
    );
    expect(record?.n).toBe(1);
    const [access] = rowsOf<{ roles: number; perms: number }>(
      await db().execute(
        sql`select (select count(*)::int from user_roles where user_id = ${tom}) as roles, (select count(*)::int from user_permissions where user_id = ${tom}) as perms`,
      ),
    );
    expect(access).toEqual({ roles: 0, perms: 0 });
    const events = await db().select().from(securityEvents).where(eq(securityEvents.action, 'user_removed'));
    expect(events.some((e) => e.userId === tom)).toBe(true);
  });

  it('cancels a pending invitation of its own company only', async () => {
    const owner = await signedIn('owner@northwind.example');
    await owner.post('/api/v1/settings/users', {
      fullName: 'Ivy',
      email: 'ivy@northwind.example',
      password: 'secret1',
    });
    const { invitations } = await json(await owner.get('/api/v1/settings/invitations'));
    const ivy = invitations.find((i: { email: string }) => i.email === 'ivy@northwind.example');
    const southbank = await signedIn('owner@southbank.example');
    expect((await southbank.call('DELETE', `/api/v1/settings/invitations/${ivy.id}`)).status).toBe(404);
    const res = await owner.call('DELETE', `/api/v1/settings/invitations/${ivy.id}`);
    expect((await json(res)).message).toBe('Invitation cancelled');
    const after = await json(await owner.get('/api/v1/settings/invitations'));
    expect(after.invitations.some((i: { id: string }) => i.id === ivy.id)).toBe(false);
  });
});

describe('company settings', () => {
  it('reads the defaults and saves with the end months derived by the server', async () => {
    const owner = await signedIn('owner@southbank.example');
    const defaults = await json(await owner.get('/api/v1/settings/company'));
    expect(defaults).toMatchObject({ ...validSettings, holidayYearEndMonth: 12, financialYearEndMonth: 3 });
    const res = await owner.call('PUT', '/api/v1/settings/company', {
      ...validSettings,
      fullTimeHoursPerDay: 8,
      holidayYearStartMonth: 4,
      financialYearStartMonth: 1,
      workingDaysPattern: ['saturday', 'monday'],
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      fullTimeHoursPerDay: 8,
      holidayYearStartMonth: 4,
      holidayYearEndMonth: 3,
      financialYearEndMonth: 12,
      workingDaysPattern: ['monday', 'saturday'],
    });
  });

  it('takes back on PUT what GET answered, with one field changed (end months are derived, not taken)', async () => {
    const owner = await signedIn('owner@southbank.example');
    const current = await json(await owner.get('/api/v1/settings/company'));
    expect(current).toHaveProperty('holidayYearEndMonth');
    const res = await owner.call('PUT', '/api/v1/settings/company', {
      ...current,
      holidayYearStartMonth: 7,
      // Sent back stale: the server derives the end month from the start month.
      holidayYearEndMonth: current.holidayYearEndMonth,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ...current, holidayYearStartMonth: 7, holidayYearEndMonth: 6 });
    expect(await json(await owner.get('/api/v1/settings/company'))).toMatchObject({
      holidayYearStartMonth: 7,
      holidayYearEndMonth: 6,
    });
  });

  it.each([
    ['fullTimeHoursPerDay', 0.4, 'Must be at least 0.5 hours'],
    ['fullTimeHoursPerDay', 24.5, 'Cannot exceed 24 hours per day'],
    ['annualHolidayDaysEntitlement', -1, 'Cannot be negative'],
    ['annualHolidayDaysEntitlement', 366, 'Cannot exceed 365 days'],
    ['holidayYearStartMonth', 0, 'Invalid month'],
    ['holidayYearStartMonth', 13, 'Invalid month'],
    ['financialYearStartMonth', 0, 'Invalid month'],
    ['financialYearStartMonth', 13, 'Invalid month'],
    ['workingDaysPattern', [], 'At least one working day must be selected'],
  ])('refuses %s = %j with 400 "%s" and changes nothing', async (field, value, message) => {
    const owner = await signedIn('owner@northwind.example');
    const before = await settingsRow('owner@northwind.example');
    const res = await owner.call('PUT', '/api/v1/settings/company', { ...validSettings, [field]: value });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.message).toBe(message);
    expect(body.error.fields[field]).toBe(message);
    expect(await settingsRow('owner@northwind.example')).toEqual(before);
  });
});
