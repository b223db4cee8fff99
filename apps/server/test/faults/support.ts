/**
 * Fault-test helpers: the real server as a child process (so it can be killed with SIGKILL), a fetch
 * client with a cookie jar, and a fresh PostgreSQL database per test. The proxies and the pooler in
 * front of them are the real thing (HAProxy, PgBouncer): daemons.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const adminUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PASSWORD = 'DemoPassw0rd!2026';
/** The compiled server the global set-up builds (build-server.global.ts). */
export const serverMain = path.join(repoRoot, 'apps/server/dist-faults/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hr_fault_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the compiled server and waits for /api/health (`expectHealthy` false: only for listening). */
export async function startServer(
  env: {
    DATABASE_URL?: string;
    DATABASE_LISTEN_URL?: string;
    DATABASE_PREPARED_STATEMENTS?: string;
    DATA_DIR?: string;
    SEED_DEMO?: string;
    PUBLIC_URL?: string;
  },
  options: { expectHealthy?: boolean; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const seed = (env.SEED_DEMO ?? 'true') === 'true';
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: env.PUBLIC_URL ?? url,
    AUTH_SECRET: 'fault-secret-fault-secret-fault-secret-0123',
    DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'hr-fault-')),
    SEED_DEMO: seed ? 'true' : 'false',
    LOG_LEVEL: 'error',
    // Production refuses to seed the demo accounts (env.ts): a run that needs them is a development one.
    NODE_ENV: seed ? 'development' : 'production',
  };
  for (const key of ['DATABASE_URL', 'DATABASE_LISTEN_URL', 'DATABASE_PREPARED_STATEMENTS'] as const) {
    delete childEnv[key];
    if (env[key]) childEnv[key] = env[key];
  }
  // Plain node running the production build: the child is the server, so SIGKILL kills the server.
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok || options.expectHealthy === false) break;
    } catch {
      // not listening yet
    }
    if (i > 240) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
      const stillAnswering = await fetch(`${url}/api/health`).then(
        () => true,
        () => false,
      );
      if (stillAnswering) throw new Error(`a server still answers on ${url} after SIGKILL`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fetch client with its own cookie jar (always same-origin, as the browser app is). */
export function client(baseUrl: () => string) {
  let cookie = '';
  async function call(method: string, url: string, body?: unknown): Promise<Response> {
    const base = baseUrl();
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = res.headers.getSetCookie();
    if (set.length) {
      const jar = new Map(cookie ? cookie.split('; ').map((p) => p.split('=', 2) as [string, string]) : []);
      for (const line of set) {
        const [name, value] = (line.split(';')[0] ?? '').split('=', 2) as [string, string];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    return res;
  }
  return {
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown = {}) => call('POST', url, body),
    async signIn(email: string) {
      const res = await call('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
    },
    /** The cookie header the client sends (for a request made with plain fetch, e.g. a stream). */
    cookie: () => cookie,
  };
}

/** The next `count` weekdays after today (UTC), as ISO dates. */
export function nextWeekdays(count: number, from = new Date()): string[] {
  const out: string[] = [];
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (out.length < count) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}
