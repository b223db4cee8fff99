/**
 * Sign-in from another address than PUBLIC_URL (here http://localhost:3000): outside production the
 * loopback aliases of a loopback PUBLIC_URL are the same server and sign in; any other address gets
 * its own message, never "Invalid email or password", and no counted attempt or failed-login event.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@hr/shared/errors';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { originMismatchMessage } from '../../src/features/auth/auth.routes.ts';
import { trustedOriginsOf } from '../../src/features/auth/auth.ts';
import { json, useTestApp } from '../test-context.ts';
import { PASSWORD } from './support.ts';

const testApp = useTestApp();
const db = () => testApp.app.admin;

/** A browser's sign-in from a page served at `origin` (the request goes to that host too). */
function signInFrom(origin: string, email: string, password: string, cookie = 'hr.theme=dark') {
  return testApp.app.app.request(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      referer: `${origin}/login`,
      'sec-fetch-site': 'same-origin',
      cookie,
    },
    body: JSON.stringify({ email, password }),
  });
}

async function failedLogins(email: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from security_events where email = ${email} and action = 'failed_login'`,
    ),
  );
  return row?.n ?? 0;
}

async function loginAttempts(email: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(
      sql`select coalesce(sum(count), 0)::int as n from rate_limits where key = ${`login:${email}`}`,
    ),
  );
  return row?.n ?? 0;
}

describe('sign-in origins', () => {
  it('trusts the loopback aliases of a loopback PUBLIC_URL outside production only', () => {
    expect(trustedOriginsOf('http://localhost:3000', false)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(trustedOriginsOf('http://localhost:3000', true)).toEqual(['http://localhost:3000']);
    expect(trustedOriginsOf('https://hr.example.com', false)).toEqual(['https://hr.example.com']);
  });

  for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
    it(`signs in from ${origin} when PUBLIC_URL is http://localhost:3000`, async () => {
      const res = await signInFrom(origin, 'alice@northwind.example', PASSWORD);
      expect(res.status).toBe(200);
      expect((await json(res)).user.email).toBe('alice@northwind.example');
    });
  }

  it('answers another address with its own message, counting no attempt and no failed login', async () => {
    const email = 'tom@northwind.example';
    const origin = 'http://192.168.1.20:3000';
    const before = await loginAttempts(email);
    for (let i = 0; i < 3; i += 1) {
      const res = await signInFrom(origin, email, PASSWORD);
      expect(res.status).toBe(403);
      const body = await json(res);
      expect(body.error.message).toBe(originMismatchMessage(origin, 'http://localhost:3000'));
      expect(body.error.message).not.toBe(MESSAGES.invalidCredentials);
    }
    expect(await failedLogins(email)).toBe(0);
    expect(await loginAttempts(email)).toBe(before);
    // A wrong password from a trusted address is still the usual answer.
    const wrong = await signInFrom('http://127.0.0.1:3000', email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error.message).toBe(MESSAGES.invalidCredentials);
  });
});

/** A free local port. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// In-process tests run with NODE_ENV=test, where Better Auth skips its own origin check; a real
// development server (seeded, PGlite) shows what a browser at http://127.0.0.1:PORT gets.
describe('a development server with PUBLIC_URL http://localhost:PORT', () => {
  it('signs in a browser that opened http://127.0.0.1:PORT', async () => {
    const port = await freePort();
    const repoRoot = path.resolve(import.meta.dirname, '../../../..');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hr-origins-')),
      LOG_LEVEL: 'error',
    };
    delete env.DATABASE_URL;
    delete env.TEST;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: 'ignore',
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 150_000;
      for (;;) {
        const health = await fetch(`${base}/api/health`).catch(() => null);
        if (health?.status === 200) break;
        if (Date.now() > deadline) throw new Error('the server did not start');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: base,
          referer: `${base}/login`,
          cookie: 'hr.theme=dark',
        },
        body: JSON.stringify({ email: 'alice@northwind.example', password: PASSWORD }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 200_000);
});
