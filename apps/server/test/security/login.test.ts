/**
 * Login hardening (ADR 0052): the per-email login limit holds under a burst of simultaneous attempts
 * (counted before the password is checked), per-IP limits across emails for failed sign-ins and
 * sign-ups, the forced change of a temporary password enforced by the server, the password change
 * needing the current password and signing out the other sessions, Better Auth endpoints the product
 * does not use answering 404, and no session token in any JSON answer.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { isExposedBetterAuthPath } from '../../src/features/auth/auth.routes.ts';
import { stripTokens } from '../../src/features/auth/response-tokens.ts';
import { httpClient, type Json, json, useTestApp } from '../test-context.ts';
import { PASSWORD, productRoutes } from './support.ts';

// Small per-IP limits; X-Forwarded-For is the client IP only because TRUST_PROXY is on. Requests
// without the header have no IP in-process (no socket), so only the per-email limits apply to them.
const IP_SIGNIN_LIMIT = 3;
const IP_SIGNUP_LIMIT = 2;
const testApp = useTestApp({
  env: () => ({
    TRUST_PROXY: 'true',
    RATE_LIMIT_IP_SIGNIN: String(IP_SIGNIN_LIMIT),
    RATE_LIMIT_IP_SIGNUP: String(IP_SIGNUP_LIMIT),
  }),
});
const app = () => testApp.app.app;
const db = () => testApp.app.admin;
const ORIGIN = { origin: 'http://localhost:3000' };

type Verify = (input: { hash: string; password: string }) => Promise<boolean>;

/** Counts Better Auth's password checks, optionally holding each one until `release()` is called. */
async function watchPasswordChecks(options: { hold?: boolean } = {}) {
  const ctx = await testApp.app.auth.$context;
  const password = ctx.password as { verify: Verify };
  const original = password.verify;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const watch = {
    checks: 0,
    release: () => open(),
    restore: () => {
      open();
      password.verify = original;
    },
  };
  password.verify = async (input) => {
    watch.checks += 1;
    if (options.hold) await gate;
    return original(input);
  };
  restoreAfter.push(watch.restore);
  return watch;
}
const restoreAfter: (() => void)[] = [];
afterEach(() => {
  for (const restore of restoreAfter.splice(0)) restore();
});

const signIn = async (email: string, password: string, headers: Record<string, string> = {}) =>
  app().request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });

async function countEvents(email: string, action: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from security_events where email = ${email} and action = ${action}`,
    ),
  );
  return row?.n ?? 0;
}

async function sessionCount(email: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = ${email}`,
    ),
  );
  return row?.n ?? 0;
}

const until = async (done: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
};

describe('the per-email login limit under concurrency', () => {
  it('lets at most 10 of 50 simultaneous wrong passwords reach the password check', async () => {
    const email = 'admin@northwind.example';
    const watch = await watchPasswordChecks();
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(email, `wrong-${i}`)))
    ).map((r) => r.status);
    expect(watch.checks).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    expect(await countEvents(email, 'failed_login')).toBe(10);
    // And the right password afterwards is refused without a check.
    const right = await signIn(email, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(watch.checks).toBeLessThanOrEqual(10);
  });

  it('refuses the right password sent inside a burst once 10 attempts are in flight', async () => {
    const email = 'tom@northwind.example';
    // Every check waits, as a slow hash would: the first attempts are still in flight when the
    // right password arrives (before the fix it saw no failure recorded yet and signed in).
    const watch = await watchPasswordChecks({ hold: true });
    const settled: number[] = [];
    const track = (p: Promise<Response>) =>
      p.then((r) => {
        settled.push(r.status);
        return r;
      });
    const first = Array.from({ length: 25 }, (_, i) => track(signIn(email, `wrong-${i}`)));
    await until(() => settled.length >= 15);
    const right = track(signIn(email, PASSWORD));
    const rest = Array.from({ length: 24 }, (_, i) => track(signIn(email, `later-${i}`)));
    await until(() => settled.length >= 40);
    watch.release();
    const responses = await Promise.all([...first, right, ...rest]);
    expect((await right).status).toBe(429);
    expect((await json(await right)).error.message).toBe('Too many login attempts. Please try again later.');
    expect(watch.checks).toBe(10);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(0);
    expect(responses.filter((r) => r.status === 401)).toHaveLength(10);
  });

  it('still does not count successful sign-ins', async () => {
    for (let i = 0; i < 12; i++)
      expect((await signIn('manager@northwind.example', PASSWORD)).status).toBe(200);
  });
});

describe('per-IP limits across emails', () => {
  it('refuses failed sign-ins from one IP past its limit, whatever the email, and not other IPs', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.7' };
    // Successful sign-ins do not use the address's budget.
    for (let i = 0; i < 5; i++)
      expect((await signIn('alice@northwind.example', PASSWORD, ip)).status).toBe(200);
    const emails = ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com'];
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await signIn(email, 'wrong-password', ip)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await signIn('a5@example.com', 'wrong-password', ip);
    expect(refused.status).toBe(429);
    expect((await json(refused)).error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many login attempts. Please try again later.',
    });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(55 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    // Another address is not affected.
    expect(
      (await signIn('a4@example.com', 'wrong-password', { 'x-forwarded-for': '203.0.113.8' })).status,
    ).toBe(401);
  });

  it('keeps one address from locking an account out: its refused attempts do not count for the email', async () => {
    const victim = 'owner@northwind.example';
    const attacker = { 'x-forwarded-for': '198.51.100.66' };
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await signIn(victim, `guess-${i}`, attacker)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(IP_SIGNIN_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - IP_SIGNIN_LIMIT);
    expect((await signIn(victim, PASSWORD, { 'x-forwarded-for': '192.0.2.10' })).status).toBe(200);
  });

  it('refuses sign-ups from one IP past its limit, across emails', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.20', ...ORIGIN };
    const body = (n: number) => ({
      name: `Founder ${n}`,
      companyName: `Spree ${n} Ltd`,
      email: `founder${n}@example.com`,
      password: 'Str0ng!Passw0rd',
    });
    const client = httpClient(app());
    for (let n = 1; n <= IP_SIGNUP_LIMIT; n++) {
      expect((await client.post('/api/auth/sign-up/email', body(n), ip)).status).toBe(200);
    }
    const refused = await client.post('/api/auth/sign-up/email', body(99), ip);
    expect(refused.status).toBe(429);
    expect((await json(refused)).error.message).toBe('Too many signup attempts. Please try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    const other = await client.post('/api/auth/sign-up/email', body(99), {
      'x-forwarded-for': '203.0.113.21',
    });
    expect(other.status).toBe(200);
  });
});

describe('a temporary password must be changed first', () => {
  it('answers every product route but /me and the password change with 403 password_change_required', async () => {
    const client = httpClient(app());
    await client.signIn('new@northwind.example');
    const open = new Set(['GET /api/v1/me', 'POST /api/v1/me/password']);
    // Redeemed server-to-server with a one-time code, outside the session guard.
    const sessionless = new Set(['POST /api/v1/cross-app/exchange']);
    const routes = productRoutes(app()).filter(
      (r) => !open.has(`${r.method} ${r.path}`) && !sessionless.has(`${r.method} ${r.path}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of routes) {
      const url = route.path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await client.call(route.method, url, route.method === 'GET' ? undefined : {}, ORIGIN);
      const body: Json = await res.json().catch(() => null);
      if (res.status !== 403 || body?.error?.code !== 'PASSWORD_CHANGE_REQUIRED') {
        wrong.push(`${route.method} ${route.path}: ${res.status} ${body?.error?.code}`);
      }
    }
    expect(wrong).toEqual([]);

    const me = await client.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect((await json(me)).profile.firstLoginCompleted).toBe(false);
    const blocked = await json(await client.get('/api/v1/holidays/balance'));
    expect(blocked.error).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: 'You must change your temporary password before continuing.',
    });

    // The new password must differ from the temporary one, and the temporary one is needed.
    const same = await client.post(
      '/api/v1/me/password',
      { currentPassword: PASSWORD, newPassword: PASSWORD },
      ORIGIN,
    );
    expect(same.status).toBe(400);
    expect((await json(same)).error).toMatchObject({
      message: 'New password must be different from the current password',
      fields: { newPassword: 'New password must be different from the current password' },
    });
    const noCurrent = await client.post('/api/v1/me/password', { newPassword: 'another-pass' }, ORIGIN);
    expect(noCurrent.status).toBe(400);
    expect((await json(noCurrent)).error.fields.currentPassword).toBe('Please enter your current password');

    const changed = await client.post(
      '/api/v1/me/password',
      { currentPassword: PASSWORD, newPassword: 'another-pass' },
      ORIGIN,
    );
    expect(changed.status).toBe(200);
    expect((await client.get('/api/v1/holidays/balance')).status).toBe(200);
  });

  it('lets the user sign out before changing it', async () => {
    const owner = httpClient(app());
    await owner.signIn('owner@southbank.example');
    const created = await owner.post(
      '/api/v1/settings/users',
      { fullName: 'Tess Temporary', email: 'tess@southbank.example', password: 'temp-pass-1' },
      ORIGIN,
    );
    expect(created.status).toBe(201);
    const tess = httpClient(app());
    await tess.signIn('tess@southbank.example', 'temp-pass-1');
    expect((await tess.get('/api/v1/notifications')).status).toBe(403);
    expect((await tess.post('/api/auth/sign-out', {}, ORIGIN)).status).toBe(200);
    expect((await tess.get('/api/v1/me')).status).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the right current password, counted against the login limit', async () => {
    const client = httpClient(app());
    await client.signIn('sam@southbank.example');
    const wrong = await client.post(
      '/api/v1/me/password',
      { currentPassword: 'not-my-password', newPassword: 'sams-new-pass' },
      ORIGIN,
    );
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Current password is incorrect',
      fields: { currentPassword: 'Current password is incorrect' },
    });
    for (let i = 0; i < 9; i++) {
      const res = await client.post(
        '/api/v1/me/password',
        { currentPassword: `guess-${i}`, newPassword: 'sams-new-pass' },
        ORIGIN,
      );
      expect(res.status).toBe(400);
    }
    const limited = await client.post(
      '/api/v1/me/password',
      { currentPassword: PASSWORD, newPassword: 'sams-new-pass' },
      ORIGIN,
    );
    expect(limited.status).toBe(429);
    // The password is unchanged.
    const [row] = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from security_events where email = 'sam@southbank.example' and action = 'password_changed'`,
      ),
    );
    expect(row?.n).toBe(0);
  });

  it('signs out every other session of the user and keeps the current one', async () => {
    const email = 'dev@northwind.example';
    const here = httpClient(app());
    const laptop = httpClient(app());
    const phone = httpClient(app());
    await here.signIn(email);
    await laptop.signIn(email);
    await phone.signIn(email);
    expect((await laptop.get('/api/v1/me')).status).toBe(200);
    const res = await here.post(
      '/api/v1/me/password',
      { currentPassword: PASSWORD, newPassword: 'devs-new-pass' },
      ORIGIN,
    );
    expect(res.status).toBe(200);
    expect((await here.get('/api/v1/me')).status).toBe(200);
    expect((await laptop.get('/api/v1/me')).status).toBe(401);
    expect((await phone.get('/api/v1/me')).status).toBe(401);
    expect(await sessionCount(email)).toBe(1);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await signIn(email, 'devs-new-pass')).status).toBe(200);
  });
});

describe("Better Auth's endpoints the product does not use", () => {
  const unused: [string, string, unknown?][] = [
    [
      'POST',
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'changed-behind-our-back' },
    ],
    ['POST', '/api/auth/update-user', { name: 'Renamed' }],
    ['POST', '/api/auth/delete-user', { password: PASSWORD }],
    ['POST', '/api/auth/change-email', { newEmail: 'stolen@evil.example' }],
    ['GET', '/api/auth/get-session'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/revoke-session', { token: 'x' }],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/revoke-other-sessions', {}],
    ['POST', '/api/auth/update-session', {}],
    ['GET', '/api/auth/list-accounts'],
    ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
    ['POST', '/api/auth/link-social', { provider: 'google' }],
    ['POST', '/api/auth/get-access-token', { providerId: 'credential' }],
    ['POST', '/api/auth/refresh-token', { providerId: 'credential' }],
    ['GET', '/api/auth/account-info'],
    ['POST', '/api/auth/verify-password', { password: PASSWORD }],
    ['POST', '/api/auth/sign-in/social', { provider: 'google' }],
    ['GET', '/api/auth/sign-in/email'],
    ['GET', '/api/auth/ok'],
    ['GET', '/api/auth/error'],
  ];

  it.each(unused)('answers %s %s with 404, even signed in', async (method, path, body) => {
    const client = httpClient(app());
    await client.signIn('alice@northwind.example');
    const res = await client.call(method, path, body, ORIGIN);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('NOT_FOUND');
  });

  it('did not change the password through /api/auth/change-password', async () => {
    expect((await signIn('alice@northwind.example', PASSWORD)).status).toBe(200);
    expect((await signIn('alice@northwind.example', 'changed-behind-our-back')).status).toBe(401);
  });

  it('still serves sign-out, the verification link and the password-reset and resend hooks', () => {
    for (const path of [
      '/sign-out',
      '/verify-email',
      '/send-verification-email',
      '/request-password-reset',
      '/reset-password',
      '/reset-password/abc123',
    ]) {
      expect(isExposedBetterAuthPath(path), path).toBe(true);
    }
    expect(isExposedBetterAuthPath('/reset-password/abc/def')).toBe(false);
    expect(isExposedBetterAuthPath('/sign-out/')).toBe(false);
  });

  it('reaches the verification link (an invalid token is refused, not 404)', async () => {
    const res = await app().request('/api/auth/verify-email?token=invalid');
    expect(res.status).not.toBe(404);
  });
});

describe('session tokens stay in the cookie', () => {
  const hasToken = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(hasToken)
      : Boolean(value) &&
        typeof value === 'object' &&
        Object.entries(value as object).some(([k, v]) => k === 'token' || hasToken(v));

  it('leaves the token out of the sign-in answer, while the cookie still works', async () => {
    const client = httpClient(app());
    const res = await client.signIn('manager@northwind.example');
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.user.email).toBe('manager@northwind.example');
    expect(hasToken(body)).toBe(false);
    const cookieValue = decodeURIComponent(client.cookie.split('=')[1] ?? '');
    const token = cookieValue.slice(0, cookieValue.lastIndexOf('.'));
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);

    const me = await client.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(await me.text()).not.toContain(token);
    const out = await client.post('/api/auth/sign-out', {}, ORIGIN);
    expect(await out.text()).not.toContain(token);
  });

  it('leaves the token out of the sign-up answer', async () => {
    const res = await httpClient(app()).post('/api/auth/sign-up/email', {
      name: 'Tok Founder',
      companyName: 'Token Ltd',
      email: 'token-founder@example.com',
      password: 'Str0ng!Passw0rd',
    });
    expect(res.status).toBe(200);
    expect(hasToken(await json(res))).toBe(false);
  });

  it('strips token fields at any depth', () => {
    expect(
      stripTokens({
        token: 't',
        session: { token: 't', id: 's' },
        sessions: [{ token: 't', ok: 1 }],
        n: null,
      }),
    ).toEqual({ session: { id: 's' }, sessions: [{ ok: 1 }], n: null });
  });
});
