/**
 * Account recovery end to end over HTTP (ADR 0054, 0055): reset by email (outbox), single use,
 * expiry, no enumeration, rate limits, the administrator's reset, resending the verification email,
 * re-adding a removed user and expired unverified sign-ups.
 */
import { readdirSync } from 'node:fs';
import { RECOVERY_MESSAGES } from '@hr/shared/auth/recovery.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, latestMailTo, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { settleRecoveryTasks } from './recovery.service.ts';

// X-Forwarded-For is trusted here, so each test can speak from its own address.
const testApp = useTestApp({ env: () => ({ TRUST_PROXY: 'true' }) });
const app = () => testApp.app.app;
const db = () => testApp.app.admin;
const outbox = () => testApp.app.outboxDir;

const NEW_PASSWORD = 'N3w!Passw0rd-2026';
let ipCounter = 0;
/** A fresh client address, so per-IP windows of one test do not touch another's. */
const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipCounter}` });

async function one<T>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  const [row] = rowsOf<T>(await db().execute(query));
  return row;
}

async function idOf(email: string): Promise<string> {
  const row = await one<{ id: string }>(sql`select id from auth_users where email = ${email}`);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

function mailCount(to: string): number {
  try {
    return readdirSync(outbox()).filter((f) => f.endsWith(`-${to}.json`)).length;
  } catch {
    return 0;
  }
}

async function requestReset(email: string, headers: Record<string, string> = freshIp()) {
  const res = await httpClient(app()).post('/api/auth/request-password-reset', { email }, headers);
  await settleRecoveryTasks();
  return res;
}

function tokenOf(link: string): string {
  const url = new URL(link);
  expect(url.pathname).toBe('/auth/reset-password');
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

async function resetLinkFor(email: string): Promise<string> {
  const before = mailCount(email);
  expect((await requestReset(email)).status).toBe(200);
  expect(mailCount(email)).toBe(before + 1);
  const mail = latestMailTo(outbox(), email);
  expect(mail.subject).toBe('Reset your Northwind HR password');
  return mail.link;
}

const resetWith = (token: string, newPassword = NEW_PASSWORD, headers = freshIp()) =>
  httpClient(app()).post('/api/auth/reset-password', { token, newPassword }, headers);

async function signUp(email: string) {
  const res = await httpClient(app()).post(
    '/api/auth/sign-up/email',
    { name: 'Una Verified', companyName: `Una ${email} Ltd`, email, password: 'Str0ng!Passw0rd' },
    freshIp(),
  );
  expect(res.status).toBe(200);
}

describe('password reset by email', () => {
  it('mails a one-hour link to the SPA; the new password signs in, the old one and other sessions stop working', async () => {
    const email = 'alice@northwind.example';
    const other = httpClient(app());
    await other.signIn(email);
    expect((await other.get('/api/v1/me')).status).toBe(200);

    const link = await resetLinkFor(email);
    expect(link.startsWith('http://localhost:3000/auth/reset-password?token=')).toBe(true);
    const token = tokenOf(link);
    const row = await one<{ expires_at: string }>(
      sql`select expires_at from auth_verifications where identifier = ${`reset-password:${token}`}`,
    );
    const lifetime = new Date(row?.expires_at ?? 0).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    const res = await resetWith(token);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: RECOVERY_MESSAGES.resetDone });

    expect((await other.get('/api/v1/me')).status).toBe(401);
    const old = await httpClient(app()).post('/api/auth/sign-in/email', {
      email,
      password: 'DemoPassw0rd!2026',
    });
    expect(old.status).toBe(401);
    const fresh = httpClient(app());
    await fresh.signIn(email, NEW_PASSWORD);
    expect((await fresh.get('/api/v1/me')).status).toBe(200);

    // Single use.
    const again = await resetWith(token, 'An0ther!Passw0rd');
    expect(again.status).toBe(400);
    expect((await json(again)).error.message).toBe(RECOVERY_MESSAGES.resetLinkInvalid);
    const events = rowsOf<{ action: string }>(
      await db().execute(
        sql`select action from security_events where email = ${email} or user_id = ${await idOf(email)}`,
      ),
    ).map((e) => e.action);
    expect(events).toContain('password_reset_requested');
    expect(events).toContain('password_reset');
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const token = tokenOf(await resetLinkFor('tom@northwind.example'));
    const results = await Promise.all([
      resetWith(token, 'F1rst!Passw0rd-x'),
      resetWith(token, 'Sec0nd!Passw0rd-y'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link', async () => {
    const email = 'manager@northwind.example';
    const token = tokenOf(await resetLinkFor(email));
    await db().execute(
      sql`update auth_verifications set expires_at = now() - interval '1 second' where identifier = ${`reset-password:${token}`}`,
    );
    const res = await resetWith(token);
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(RECOVERY_MESSAGES.resetLinkInvalid);
    await httpClient(app()).signIn(email);
  });

  it('refuses an unknown token and a weak password with clear 400s', async () => {
    const unknown = await resetWith('x'.repeat(24));
    expect(unknown.status).toBe(400);
    const token = tokenOf(await resetLinkFor('sam@southbank.example'));
    const weak = await resetWith(token, 'short');
    expect(weak.status).toBe(400);
    expect((await json(weak)).error.fields.newPassword).toBe('Password must be at least 12 characters long');
    const noToken = await httpClient(app()).post('/api/auth/reset-password', { newPassword: NEW_PASSWORD });
    expect(noToken.status).toBe(400);
    // The weak attempt did not use the link up.
    expect((await resetWith(token)).status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const known = await requestReset('owner@southbank.example');
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    const knownBody = await json(known);
    expect(await json(unknown)).toEqual(knownBody);
    expect(knownBody).toEqual({ message: RECOVERY_MESSAGES.resetRequested });
    expect(mailCount('nobody-here@example.com')).toBe(0);
    const event = await one<{ metadata: { sent: boolean } }>(
      sql`select metadata from security_events where action = 'password_reset_requested' and email = 'nobody-here@example.com'`,
    );
    expect(event?.metadata.sent).toBe(false);
  });

  it('limits requests per address (known or not) and per IP, with Retry-After', async () => {
    for (const email of ['dev@northwind.example', 'ghost@example.com']) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(200);
      const limited = await requestReset(email);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json(limited)).error.message).toBe(RECOVERY_MESSAGES.tooManyResetRequests);
    }
    expect(mailCount('dev@northwind.example')).toBe(3);

    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await requestReset(`spray-${i}@example.com`, ip)).status).toBe(200);
    expect((await requestReset('spray-last@example.com', ip)).status).toBe(429);
    expect((await requestReset('spray-last@example.com', freshIp())).status).toBe(200);
  });

  it('sends at most the limit when many requests for one address arrive at once: 3 mails, the rest 429', async () => {
    const email = 'fiona@northwind.example';
    // Each from its own address, so only the per-address limit applies.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        httpClient(app()).post('/api/auth/request-password-reset', { email }, freshIp()),
      ),
    );
    await settleRecoveryTasks();
    expect(answers.map((res) => res.status).sort()).toEqual([
      ...Array.from({ length: 3 }, () => 200),
      ...Array.from({ length: 9 }, () => 429),
    ]);
    expect(mailCount(email)).toBe(3);
  });

  it('limits attempts to set a password per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      expect((await resetWith(`guess${i}`.padEnd(24, 'x'), NEW_PASSWORD, ip)).status).toBe(400);
    expect((await resetWith('guess-last'.padEnd(24, 'x'), NEW_PASSWORD, ip)).status).toBe(429);
  });

  it('mails nobody for a removed user, and a link sent before the removal stops working', async () => {
    const owner = httpClient(app());
    await owner.signIn('owner@northwind.example');
    const created = await owner.post('/api/v1/settings/users', {
      fullName: 'Rem Oved',
      email: 'removed-reset@northwind.example',
      password: 'Temp0rary!',
      role: 'operative',
    });
    expect(created.status).toBe(201);
    const { user } = await json(created);
    const token = tokenOf(await resetLinkFor('removed-reset@northwind.example'));
    expect((await owner.call('DELETE', `/api/v1/settings/users/${user.id}`)).status).toBe(200);

    expect((await resetWith(token)).status).toBe(400);
    const credential = await one<{ n: number }>(
      sql`select count(*)::int as n from auth_accounts where user_id = ${user.id}`,
    );
    expect(credential?.n).toBe(0);
    const before = mailCount('removed-reset@northwind.example');
    expect((await requestReset('removed-reset@northwind.example')).status).toBe(200);
    expect(mailCount('removed-reset@northwind.example')).toBe(before);
  });

  it('completes a forced first login: the user chose the new password', async () => {
    const email = 'new@northwind.example';
    const before = await one<{ first_login_completed: boolean }>(
      sql`select first_login_completed from profiles where email = ${email}`,
    );
    expect(before?.first_login_completed).toBe(false);
    expect((await resetWith(tokenOf(await resetLinkFor(email)))).status).toBe(200);
    const after = await one<{ first_login_completed: boolean }>(
      sql`select first_login_completed from profiles where email = ${email}`,
    );
    expect(after?.first_login_completed).toBe(true);
  });
});

describe('the administrator sends the reset email', () => {
  it('mails a user of the company a working link; nobody sees the password', async () => {
    const owner = httpClient(app());
    await owner.signIn('owner@northwind.example');
    const created = await owner.post('/api/v1/settings/users', {
      fullName: 'Ada Reset',
      email: 'ada-reset@northwind.example',
      password: 'Temp0rary!',
      role: 'operative',
    });
    const { user } = await json(created);
    const res = await owner.post(`/api/v1/settings/users/${user.id}/reset-password`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({ message: 'Password reset email sent to ada-reset@northwind.example' });
    expect(JSON.stringify(body)).not.toMatch(/token|password"/i);
    const token = tokenOf(latestMailTo(outbox(), 'ada-reset@northwind.example').link);
    expect((await resetWith(token)).status).toBe(200);
    await httpClient(app()).signIn('ada-reset@northwind.example', NEW_PASSWORD);
  });

  it('sends at most the limit when the button is pressed many times at once: 3 mails, the rest 429', async () => {
    const owner = httpClient(app());
    await owner.signIn('owner@northwind.example');
    const created = await owner.post('/api/v1/settings/users', {
      fullName: 'Burst Reset',
      email: 'burst-reset@northwind.example',
      password: 'Temp0rary!',
      role: 'operative',
    });
    const { user } = await json(created);
    const before = mailCount('burst-reset@northwind.example');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => owner.post(`/api/v1/settings/users/${user.id}/reset-password`)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([
      ...Array.from({ length: 3 }, () => 200),
      ...Array.from({ length: 9 }, () => 429),
    ]);
    expect(mailCount('burst-reset@northwind.example') - before).toBe(3);
  });

  it('is refused for another company, a developer, and without user management at Admin', async () => {
    const owner = httpClient(app());
    await owner.signIn('owner@northwind.example');
    const stranger = await idOf('sam@southbank.example');
    expect((await owner.post(`/api/v1/settings/users/${stranger}/reset-password`)).status).toBe(404);
    const developer = await idOf('dev@northwind.example');
    expect((await owner.post(`/api/v1/settings/users/${developer}/reset-password`)).status).toBe(403);
    expect((await owner.post('/api/v1/settings/users/not-a-uuid/reset-password')).status).toBe(400);

    const target = await idOf('alice@northwind.example');
    const admin = httpClient(app());
    await admin.signIn('admin@northwind.example');
    expect((await admin.post(`/api/v1/settings/users/${target}/reset-password`)).status).toBe(403);

    // A second super admin whose user management is View only.
    const second = await owner.post('/api/v1/settings/users', {
      fullName: 'Vera Viewer',
      email: 'vera-viewer@northwind.example',
      password: 'Temp0rary!',
      role: 'super_admin',
    });
    const vera = (await json(second)).user.id as string;
    const levels = await owner.call('PUT', '/api/v1/settings/permissions', {
      changes: [{ userId: vera, sectionId: 'user-management', accessLevel: 'view' }],
    });
    expect(levels.status).toBe(200);
    await db().execute(sql`update profiles set first_login_completed = true where id = ${vera}`);
    const viewer = httpClient(app());
    await viewer.signIn('vera-viewer@northwind.example', 'Temp0rary!');
    expect((await viewer.post(`/api/v1/settings/users/${target}/reset-password`)).status).toBe(403);
    await owner.call('PUT', '/api/v1/settings/permissions', {
      changes: [{ userId: vera, sectionId: 'user-management', accessLevel: 'admin' }],
    });
    expect((await viewer.post(`/api/v1/settings/users/${target}/reset-password`)).status).toBe(200);
  });
});

describe('resending the verification email', () => {
  const resend = async (email: string, headers: Record<string, string> = freshIp()) => {
    const res = await httpClient(app()).post('/api/auth/send-verification-email', { email }, headers);
    await settleRecoveryTasks();
    return res;
  };

  it('sends a new working link to an unverified sign-up, the same answer to anyone else', async () => {
    const email = 'una@example.com';
    await signUp(email);
    expect(mailCount(email)).toBe(1);
    const res = await resend(email);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: RECOVERY_MESSAGES.verificationResent });
    expect(mailCount(email)).toBe(2);
    const mail = latestMailTo(outbox(), email);
    expect(mail.subject).toBe('Verify your email address');

    for (const other of ['nobody-verify@example.com', 'alice@northwind.example']) {
      const answer = await resend(other);
      expect(answer.status).toBe(200);
      expect(await json(answer)).toEqual({ message: RECOVERY_MESSAGES.verificationResent });
    }
    expect(mailCount('nobody-verify@example.com')).toBe(0);

    const verified = await app().request(new URL(mail.link).pathname + new URL(mail.link).search);
    expect(verified.status).toBe(302);
    await httpClient(app()).signIn(email, 'Str0ng!Passw0rd');
  });

  it('limits resends per address and per IP', async () => {
    const email = 'una-limit@example.com';
    await signUp(email);
    for (let i = 0; i < 3; i++) expect((await resend(email)).status).toBe(200);
    const limited = await resend(email);
    expect(limited.status).toBe(429);
    expect((await json(limited)).error.message).toBe(RECOVERY_MESSAGES.tooManyVerificationRequests);
    expect(mailCount(email)).toBe(4);

    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await resend(`v-spray-${i}@example.com`, ip)).status).toBe(200);
    expect((await resend('v-spray-last@example.com', ip)).status).toBe(429);
  });
});

describe('getting an address back', () => {
  it('re-adds a removed user under the same login, with the new password', async () => {
    const owner = httpClient(app());
    await owner.signIn('owner@northwind.example');
    const body = {
      fullName: 'Bo Back',
      email: 'bo-back@northwind.example',
      password: 'Temp0rary!',
      role: 'operative',
    };
    const first = await json(await owner.post('/api/v1/settings/users', body));
    expect((await owner.call('DELETE', `/api/v1/settings/users/${first.user.id}`)).status).toBe(200);

    const again = await owner.post('/api/v1/settings/users', { ...body, password: 'Ag4in!Temp' });
    expect(again.status).toBe(201);
    expect((await json(again)).user.id).toBe(first.user.id);
    const bo = httpClient(app());
    await bo.signIn('bo-back@northwind.example', 'Ag4in!Temp');
    expect((await bo.get('/api/v1/me')).status).toBe(200);
    // Still exactly one login for the address, and a third add is refused.
    const dup = await owner.post('/api/v1/settings/users', body);
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.message).toBe('A user with this email address already exists');
  });

  it('a removed user can be added by another company too', async () => {
    const owner = httpClient(app());
    await owner.signIn('owner@northwind.example');
    const body = {
      fullName: 'Mo Ving',
      email: 'mo-ving@example.com',
      password: 'Temp0rary!',
      role: 'operative',
    };
    const first = await json(await owner.post('/api/v1/settings/users', body));
    await owner.call('DELETE', `/api/v1/settings/users/${first.user.id}`);
    const south = httpClient(app());
    await south.signIn('owner@southbank.example');
    expect((await south.post('/api/v1/settings/users', body)).status).toBe(201);
    const profile = await one<{ company_id: string; name: string }>(
      sql`select p.company_id, c.name from profiles p join companies c on c.id = p.company_id where p.id = ${first.user.id}`,
    );
    expect(profile?.company_id).toBeDefined();
    expect(profile?.name).not.toMatch(/Northwind/);
  });

  it('an unverified sign-up blocks for 7 days, then is released with the company it created', async () => {
    const email = 'late@example.com';
    await signUp(email);
    const stale = await one<{ id: string; company_id: string }>(
      sql`select u.id, p.company_id from auth_users u join profiles p on p.id = u.id where u.email = ${email}`,
    );
    const owner = httpClient(app());
    await owner.signIn('owner@northwind.example');
    const body = { fullName: 'La Te', email, password: 'Temp0rary!', role: 'operative' };
    expect((await owner.post('/api/v1/settings/users', body)).status).toBe(409);

    await db().execute(
      sql`update auth_users set created_at = now() - interval '7 days 1 minute' where email = ${email}`,
    );
    // No longer mailed: the sign-up has expired.
    const before = mailCount(email);
    await httpClient(app()).post('/api/auth/send-verification-email', { email }, freshIp());
    await settleRecoveryTasks();
    expect(mailCount(email)).toBe(before);

    const added = await owner.post('/api/v1/settings/users', body);
    expect(added.status).toBe(201);
    expect((await json(added)).user.id).not.toBe(stale?.id);
    const company = await one<{ n: number }>(
      sql`select count(*)::int as n from companies where id = ${stale?.company_id}`,
    );
    expect(company?.n).toBe(0);
    await httpClient(app()).signIn(email, 'Temp0rary!');
  });

  it('an expired unverified sign-up does not block signing up again', async () => {
    const email = 'again@example.com';
    await signUp(email);
    const conflict = await httpClient(app()).post(
      '/api/auth/sign-up/email',
      { name: 'A', companyName: 'Again Ltd', email, password: 'Str0ng!Passw0rd' },
      freshIp(),
    );
    expect(conflict.status).toBe(409);
    await db().execute(
      sql`update auth_users set created_at = now() - interval '8 days' where email = ${email}`,
    );
    await signUp(email);
    const logins = await one<{ n: number }>(
      sql`select count(*)::int as n from auth_users where email = ${email}`,
    );
    expect(logins?.n).toBe(1);
  });
});
