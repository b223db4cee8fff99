import { meResponseSchema } from '@hr/shared/me/me.schemas';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, latestMailTo, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';
import { securityEvents } from '../../db/schema/security.ts';

const testApp = useTestApp();
const t = {
  get app() {
    return testApp.app.app;
  },
  /** The test's own set-up and checks (the superuser on PostgreSQL: row-level security bypassed). */
  get admin() {
    return testApp.app.admin;
  },
  get outboxDir() {
    return testApp.app.outboxDir;
  },
};

const signUpBody = (email: string) => ({
  name: 'Rita Founder',
  companyName: 'Rita Robotics Ltd',
  email,
  password: 'Str0ng!Passw0rd',
});

/** Counts rows across companies (as the superuser on PostgreSQL, which bypasses row-level security). */
async function countRows(table: string, where: string) {
  const [row] = rowsOf<{ n: number }>(
    await t.admin.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`)),
  );
  return row?.n ?? 0;
}

describe('sign-up', () => {
  it('creates the login, company, default settings, profile and super_admin role, then verification lets the user in', async () => {
    const client = httpClient(t.app);
    const res = await client.post('/api/auth/sign-up/email', signUpBody('  Rita@Example.com '));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      status: 'verification_sent',
      message: 'Please check your email to verify your account.',
    });

    const [user] = await t.admin.select().from(authUsers).where(eq(authUsers.email, 'rita@example.com'));
    expect(user?.emailVerified).toBe(false);
    const [company] = rowsOf<{ id: string; name: string }>(
      await t.admin.execute(
        sql`select c.id, c.name from companies c join profiles p on p.company_id = c.id where p.id = ${user?.id}`,
      ),
    );
    expect(company?.name).toBe('Rita Robotics Ltd');
    const [settings] = rowsOf<Record<string, unknown>>(
      await t.admin.execute(sql`select * from company_settings where company_id = ${company?.id}`),
    );
    expect(settings).toMatchObject({
      full_time_hours_per_day: '7.5',
      annual_holiday_days_entitlement: '28.0',
      holiday_year_start_month: 1,
      holiday_year_end_month: 12,
      financial_year_start_month: 4,
      financial_year_end_month: 3,
      working_days_pattern: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      round_rsp_to_whole_numbers: false,
      cloud_storage_enabled: false,
      primary_cloud_provider: 'supabase',
      cloud_storage_folder_structure: 'company/department/date',
    });

    // Not verified yet: sign-in is refused with a clear message.
    const early = await client.post('/api/auth/sign-in/email', {
      email: 'rita@example.com',
      password: 'Str0ng!Passw0rd',
    });
    expect(early.status).toBe(403);
    expect((await json(early)).error.message).toBe('Please verify your email address before signing in.');

    const mail = latestMailTo(t.outboxDir, 'rita@example.com');
    const link = new URL(mail.link);
    const verify = await client.get(`${link.pathname}${link.search}`);
    expect([200, 302]).toContain(verify.status);

    await client.signIn('rita@example.com', 'Str0ng!Passw0rd');
    const me = await json(await client.get('/api/v1/me'));
    expect(me.role).toBe('super_admin');
    expect(me.company.name).toBe('Rita Robotics Ltd');
    expect(me.profile.fullName).toBe('Rita Founder');
    expect(me.permissions.settings).toBe('full');

    const actions = (
      await t.admin.select().from(securityEvents).where(eq(securityEvents.email, 'rita@example.com'))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['signup_attempt', 'failed_login', 'successful_login']));
  });

  it('says User already registered for a known email and writes failed_signup', async () => {
    const res = await httpClient(t.app).post(
      '/api/auth/sign-up/email',
      signUpBody('owner@northwind.example'),
    );
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('User already registered');
    expect(
      await countRows('security_events', `email = 'owner@northwind.example' and action = 'failed_signup'`),
    ).toBe(1);
  });

  it('leaves nothing behind when a step fails part-way', async () => {
    // A real database failure on the last insert of the transaction (the role).
    await t.admin.execute(
      sql.raw(`
      create or replace function fail_role_insert() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from profiles where id = new.user_id and email = 'broken@example.com') then
          raise exception 'injected failure';
        end if;
        return new;
      end $$`),
    );
    await t.admin.execute(
      sql.raw(`
      create trigger fail_role_insert before insert on user_roles for each row execute function fail_role_insert();`),
    );
    try {
      const res = await httpClient(t.app).post('/api/auth/sign-up/email', signUpBody('broken@example.com'));
      expect(res.status).toBe(500);
      expect((await json(res)).error.code).toBe('INTERNAL_ERROR');
      expect(await countRows('auth_users', `email = 'broken@example.com'`)).toBe(0);
      expect(
        await countRows(
          'auth_accounts a join auth_users u on u.id = a.user_id',
          `u.email = 'broken@example.com'`,
        ),
      ).toBe(0);
      expect(await countRows('profiles', `email = 'broken@example.com'`)).toBe(0);
      expect(await countRows('companies', `name = 'Rita Robotics Ltd'`)).toBe(1); // only the first test's company
    } finally {
      await t.admin.execute(sql.raw('drop trigger fail_role_insert on user_roles'));
      await t.admin.execute(sql.raw('drop function fail_role_insert()'));
    }
  });

  it.each([
    ['malformed JSON', '{"name": '],
    ['missing fields', { email: 'x1@example.com' }],
    ['wrong types', { name: 42, companyName: ['a'], email: 'x2@example.com', password: true }],
    ['unknown fields', { ...signUpBody('x3@example.com'), role: 'developer' }],
    ['over-long strings', { ...signUpBody('x4@example.com'), companyName: 'c'.repeat(5000) }],
    [
      'a weak password',
      signUpBody('x5@example.com') && { ...signUpBody('x5@example.com'), password: 'password' },
    ],
    ['an invalid email', signUpBody("'; drop table companies; --")],
  ])('answers %s with a 400 and field messages, writing nothing', async (_label, body) => {
    const before = await countRows('auth_users', 'true');
    const res = await httpClient(t.app).post('/api/auth/sign-up/email', body);
    expect(res.status).toBe(400);
    const payload = await json(res);
    expect(payload.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(payload.error.fields ?? {}).length).toBeGreaterThan(0);
    expect(await countRows('auth_users', 'true')).toBe(before);
  });

  it('stores HTML-looking names as text, never as markup', async () => {
    const res = await httpClient(t.app).post('/api/auth/sign-up/email', {
      ...signUpBody('html@example.com'),
      name: '<script>alert(1)</script>',
    });
    expect(res.status).toBe(200);
    expect(await countRows('profiles', `full_name = '<script>alert(1)</script>'`)).toBe(1);
  });
});

describe('sign-in, session and sign-out', () => {
  it('signs in with a normalised email, reports /me, and sign-out revokes the session row', async () => {
    const client = httpClient(t.app);
    await client.signIn('  ALICE@northwind.example ');
    const me = await client.get('/api/v1/me');
    expect(me.status).toBe(200);
    const body = await json(me);
    expect(body.profile.email).toBe('alice@northwind.example');
    expect(body.role).toBe('operative');
    expect(body.lineManager.fullName).toBe('Maya Mitchell');
    expect(body.permissions.settings).toBe('no_access');
    expect(body.permissions.inventory).toBe('full');
    // The whole answer has the shape the web app parses, with real booleans and the company's names.
    const parsed = meResponseSchema.parse(body);
    expect(parsed.profile).toMatchObject({ firstLoginCompleted: true, isLineManager: false });
    expect(parsed.company).toMatchObject({ name: 'Northwind Engineering Ltd', logoUrl: null });
    expect(parsed.lineManager?.id).toBe(parsed.profile.lineManagerId);
    const sessionsBefore = await countRows(
      'auth_sessions s join auth_users u on u.id = s.user_id',
      `u.email = 'alice@northwind.example'`,
    );

    const out = await client.post('/api/auth/sign-out', {}, { origin: 'http://localhost:3000' });
    expect(out.status).toBe(200);
    expect((await client.get('/api/v1/me')).status).toBe(401);
    expect(
      await countRows(
        'auth_sessions s join auth_users u on u.id = s.user_id',
        `u.email = 'alice@northwind.example'`,
      ),
    ).toBe(sessionsBefore - 1);
  });

  it('refuses a wrong password with the contract error', async () => {
    const res = await httpClient(t.app).post('/api/auth/sign-in/email', {
      email: 'tom@northwind.example',
      password: 'nope-nope',
    });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Invalid email or password',
    });
  });

  it("refuses an expired session and a cookie whose signature is not the server's", async () => {
    const client = httpClient(t.app);
    await client.signIn('tom@northwind.example');
    expect((await client.get('/api/v1/me')).status).toBe(200);

    // The same token with another signature, and a bare token without one.
    const value = decodeURIComponent(client.cookie.split('=')[1] ?? '');
    const token = value.slice(0, value.lastIndexOf('.'));
    const forged = `hr.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await t.app.request('/api/v1/me', { headers: { cookie: forged } })).status).toBe(401);
    const bare = `hr.session_token=${encodeURIComponent(token)}`;
    expect((await t.app.request('/api/v1/me', { headers: { cookie: bare } })).status).toBe(401);

    await t.admin.execute(
      sql`update auth_sessions set expires_at = now() - interval '1 second' where token = ${token}`,
    );
    expect((await client.get('/api/v1/me')).status).toBe(401);
  });

  it('extends a session once a day, as Better Auth does, and keeps serving it', async () => {
    const client = httpClient(t.app);
    await client.signIn('tom@northwind.example');
    const value = decodeURIComponent(client.cookie.split('=')[1] ?? '');
    const token = value.slice(0, value.lastIndexOf('.'));
    // Last extended two days ago: five days left of seven.
    await t.admin.execute(
      sql`update auth_sessions set expires_at = now() + interval '5 days' where token = ${token}`,
    );
    expect((await client.get('/api/v1/me')).status).toBe(200);
    const [row] = rowsOf<{ days: number }>(
      await t.admin.execute(
        sql`select extract(epoch from expires_at - now()) / 86400 as days from auth_sessions where token = ${token}`,
      ),
    );
    expect(Number(row?.days)).toBeGreaterThan(6.9);
  });

  it('ends the session of a leaver when their end date comes, not the day before (ADR 0092)', async () => {
    const client = httpClient(t.app);
    await client.signIn('tom@northwind.example');
    const setEndDate = (endDate: ReturnType<typeof sql>) =>
      t.admin.execute(
        sql`update employee_records set end_date = ${endDate}
          where user_id = (select id from auth_users where email = 'tom@northwind.example')`,
      );
    try {
      // Set as the database would find it the morning the date comes: the session was left open.
      await setEndDate(sql`current_date + 1`);
      expect((await client.get('/api/v1/me')).status).toBe(200);
      await setEndDate(sql`current_date`);
      expect((await client.get('/api/v1/me')).status).toBe(401);
      expect((await client.get('/api/v1/holidays/balance')).status).toBe(401);
    } finally {
      await setEndDate(sql`null`);
    }
    expect((await client.get('/api/v1/me')).status).toBe(200);
  });

  it('gives 403 to a login whose profile is gone (removed from its company)', async () => {
    const client = httpClient(t.app);
    await client.signIn('sam@southbank.example');
    await t.admin.execute(
      sql`delete from profiles where id = (select id from auth_users where email = 'sam@southbank.example')`,
    );
    expect((await client.get('/api/v1/me')).status).toBe(403);
  });

  it('reports the manager as a line manager', async () => {
    const client = httpClient(t.app);
    await client.signIn('manager@northwind.example');
    const me = await json(await client.get('/api/v1/me'));
    expect(me.profile.isLineManager).toBe(true);
    expect(me.profile.phone).toBe('+44 20 7946 0018');
  });
});

describe('change password', () => {
  it('sets the password, completes the first login and writes password_changed', async () => {
    const client = httpClient(t.app);
    await client.signIn('new@northwind.example');
    expect((await json(await client.get('/api/v1/me'))).profile.firstLoginCompleted).toBe(false);

    const short = await client.post('/api/v1/me/password', {
      currentPassword: 'DemoPassw0rd!2026',
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    expect((await json(short)).error.message).toBe('Password must be at least 6 characters long');

    const res = await client.post('/api/v1/me/password', {
      currentPassword: 'DemoPassw0rd!2026',
      newPassword: 'brand-new-pass',
    });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Password updated successfully');
    expect((await json(await client.get('/api/v1/me'))).profile.firstLoginCompleted).toBe(true);
    await httpClient(t.app).signIn('new@northwind.example', 'brand-new-pass');
    expect(
      await countRows('security_events', `email = 'new@northwind.example' and action = 'password_changed'`),
    ).toBe(1);
  });
});
