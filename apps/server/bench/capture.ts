/**
 * The database limit of an endpoint: the very SQL statements it runs (captured once by calling it
 * in-process over a logging Drizzle instance), replayed straight through the driver with the same
 * concurrency as the HTTP run, with no HTTP, no Hono, no JSON.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { createApp } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { coalesceBegin } from '../src/db/coalesce-begin.ts';
import { prepareRepeatedStatements } from '../src/db/prepared-statements.ts';
import { schema } from '../src/db/schema.ts';
import { READ_ONLY_SET_UP, runTenantRead } from '../src/db/tenant-read.ts';
import { loadEnv } from '../src/env.ts';
import { createMailer } from '../src/integrations/mail/mailer.ts';
import { createLogger } from '../src/logger.ts';
import { benchPaths } from './support.ts';

/** openDatabase's default pool size, which the served app uses. */
const SERVER_POOL_SIZE = 10;

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Capturer {
  kind: 'postgres' | 'pglite';
  /** Calls the app in-process and returns every statement the call ran. */
  capture(
    method: string,
    url: string,
    cookie: string,
    body?: unknown,
  ): Promise<{ status: number; statements: Statement[] }>;
  signIn(email: string, password: string): Promise<string>;
  /** A GET answered in-process, as JSON (not recorded). */
  json<T>(url: string, cookie: string): Promise<T>;
  /** Whether the router has this route (routes of later issues may not exist yet). */
  hasRoute(method: string, path: string): boolean;
  /** Replays statements `connections` at a time for `seconds`; latencies in ms. */
  replay(statements: Statement[], connections: number, seconds: number): Promise<number[]>;
  close(): Promise<void>;
}

export async function openCapturer(kind: 'postgres' | 'pglite', connections: number): Promise<Capturer> {
  let recording: Statement[] | null = null;
  const logger = {
    logQuery(query: string, params: unknown[]) {
      recording?.push({ sql: query, params });
    },
  };
  let db: Db;
  let pool: pg.Pool | undefined;
  let lite: PGlite | undefined;
  if (kind === 'postgres') {
    // The server's own pool size (openDatabase's default): the limit is the database behind the same pool.
    pool = new pg.Pool({
      connectionString: benchPaths.databaseUrl,
      max: Math.min(connections, SERVER_POOL_SIZE),
    });
    // The server's connection set-up: prepared statements, `begin` sent with the tenant set-up.
    pool.on('connect', (client) => {
      prepareRepeatedStatements(client);
      coalesceBegin(client);
    });
    db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  } else {
    lite = await PGlite.create({ dataDir: benchPaths.pgliteDir, extensions: { pg_trgm } });
    db = drizzlePglite(lite, { schema, logger }) as unknown as Db;
  }
  const env = loadEnv({
    DATA_DIR: path.join(benchPaths.results, '.capture'),
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const silent = createLogger('silent');
  const mailer = createMailer({
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    logger: silent,
  });
  // No live notification streams are benchmarked: LISTEN is a no-op here.
  const { app } = createApp({ db, env, logger: silent, mailer, listen: async () => async () => {} });

  // Captures always miss the read cache (ADR 0046): the statements are what a miss runs, even when
  // an earlier call with the same user and URL filled the cache of this in-process app.
  const request = (method: string, url: string, cookie: string, body?: unknown) =>
    app.request(url, {
      method,
      headers: {
        cookie,
        'cache-control': 'no-cache',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    kind,
    async signIn(email, password) {
      const res = await app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) throw new Error(`capture sign-in ${email}: ${res.status} ${await res.text()}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    async json<T>(url: string, cookie: string) {
      const res = await request('GET', url, cookie);
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
      return (await res.json()) as T;
    },
    hasRoute: (method, routePath) => app.routes.some((r) => r.method === method && r.path === routePath),
    async capture(method, url, cookie, body) {
      recording = [];
      const res = await request(method, url, cookie, body);
      await res.arrayBuffer();
      const statements = recording;
      recording = null;
      return { status: res.status, statements };
    },
    async replay(statements, concurrency, seconds) {
      const latencies: number[] = [];
      const until = performance.now() + seconds * 1000;
      const worker = async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          if (pool) {
            const client = await pool.connect();
            try {
              for (let i = 0; i < statements.length; i++) {
                const s = statements[i] as Statement;
                const read = statements[i + 1];
                // A one-round-trip read (ADR 0150): its set-up and the read in one pipeline, as served.
                if (s.sql.startsWith(READ_ONLY_SET_UP) && read) {
                  await runTenantRead(client, s.sql, read.sql, read.params);
                  i++;
                } else await client.query({ text: s.sql }, s.params as unknown[]);
              }
            } catch (err) {
              await client.query('rollback').catch(() => {});
              throw err;
            } finally {
              client.release();
            }
          } else if (lite) {
            // PGlite runs one statement at a time; the replay keeps each request's statements together.
            await lite.transaction(async (tx) => {
              for (const s of statements) {
                if (/^(begin|commit|rollback)\b/i.test(s.sql.trim())) continue;
                await tx.query(s.sql, s.params as unknown[]);
              }
            });
          }
          latencies.push(performance.now() - t0);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      return latencies;
    },
    async close() {
      await pool?.end();
      await lite?.close();
    },
  };
}
