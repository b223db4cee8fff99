/**
 * A real app over a real database for API/DB tests: PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL / DATABASE_URL. One per test file, never per test.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../src/app.ts';
import { type Database, type Db, openDatabase, type Tx } from '../src/db/client.ts';
import { assertServingRoleIsRestricted, runMigrations } from '../src/db/migrate.ts';
import { loadEnv } from '../src/env.ts';
import { createMailer } from '../src/integrations/mail/mailer.ts';
import type { StoragePort } from '../src/integrations/storage/storage-port.ts';
import { createLogger } from '../src/logger.ts';
import { migrationsFolder } from '../src/paths.ts';
import { seedDemoIfEmpty } from '../src/setup/seed.ts';

export const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

export interface TestStore {
  /** Opens (again) the same database: a second open models a server restart. */
  open(): Promise<Database>;
  /**
   * PostgreSQL only: the same database opened as the server's superuser, for a test's own set-up and
   * checks (which bypass row-level security; `open()` connects as the owner, which does not).
   */
  openAdmin?: () => Promise<Database>;
  dispose(): Promise<void>;
  dataDir: string;
}

/**
 * A PGlite folder with every committed migration applied, made once per set of migrations (the
 * folder's name is a hash of their files) and shared by the test files of this and later runs.
 * Built aside and renamed into place, so a parallel worker never copies half a folder.
 */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const entry of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()) {
    hash.update(path.relative(migrationsFolder, entry)).update(readFileSync(entry));
  }
  const template = path.join(tmpdir(), `hr-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  const building = mkdtempSync(path.join(tmpdir(), 'hr-pglite-building-'));
  const database = await openDatabase({ pgliteDir: path.join(building, 'pglite') });
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  try {
    renameSync(path.join(building, 'pglite'), template);
  } catch (err) {
    if (!existsSync(template)) throw err; // another worker renamed its copy first: use that one
  }
  rmSync(building, { recursive: true, force: true });
  return template;
}

/** The role that owns the schema of every test database on PostgreSQL: production's kind (docs/operations.md). */
export const TEST_OWNER_ROLE = 'hr_test_owner';

/** SQLSTATEs of a role created or granted by another test file at the same moment. */
const RACED = new Set(['23505', '42710', 'XX000']);

/**
 * Creates the owner role (once per cluster: roles are cluster-wide) and makes it a member of app_user
 * with the admin option, as the superuser. Test files of this and other runs may do it at the same
 * moment: an advisory lock orders the files of one run (they all connect to the same database); the
 * catch covers runs against other databases, whose `create role` or `grant` may lose the race with a
 * unique violation or a concurrent update.
 */
async function ensureOwnerRole(setup: pg.Client): Promise<void> {
  const hasRoles = async () =>
    (
      await setup.query<{ ok: boolean }>(
        `select exists (select 1 from pg_roles where rolname = '${TEST_OWNER_ROLE}')
            and exists (select 1 from pg_auth_members m
                          join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member
                         where r.rolname = 'app_user' and u.rolname = '${TEST_OWNER_ROLE}' and m.admin_option) as ok`,
      )
    ).rows[0]?.ok === true;
  if (await hasRoles()) return;
  await setup.query(`select pg_advisory_lock(hashtext('${TEST_OWNER_ROLE}'))`);
  try {
    for (let attempt = 0; !(await hasRoles()); attempt += 1) {
      try {
        // CREATEROLE and app_user's admin option: the first migration creates app_user where it is
        // missing and grants it to its owner (CURRENT_USER), which PostgreSQL 16 allows only with it.
        await setup.query(`do $$ begin
            if not exists (select 1 from pg_roles where rolname = '${TEST_OWNER_ROLE}') then
              create role ${TEST_OWNER_ROLE} login createrole nosuperuser nobypassrls;
            end if;
            if not exists (select 1 from pg_roles where rolname = 'app_user') then
              create role app_user nologin nobypassrls;
            end if;
          end $$`);
        await setup.query(`grant app_user to ${TEST_OWNER_ROLE} with admin option`);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 5 || !code || !RACED.has(code)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
      }
    }
  } finally {
    await setup.query(`select pg_advisory_unlock(hashtext('${TEST_OWNER_ROLE}'))`);
  }
}

/**
 * A fresh database for one test file: migrated on PGlite (a copy of the template); on PostgreSQL an
 * empty one owned by `TEST_OWNER_ROLE`, which is neither a superuser nor exempt from row-level
 * security, as production's owner must be (docs/operations.md, ADR 0180). The app connects as that
 * owner, so whatever the product reads as the owner outside a tenant meets the tenant tables' forced
 * policies and finds nothing, as in production; `openAdmin` connects as the superuser for the test's
 * own set-up and checks.
 */
export async function createTestStore(): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-test-'));
  if (postgresUrl) {
    const name = `hr_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const setup = new pg.Client({ connectionString: postgresUrl });
    await setup.connect();
    try {
      await ensureOwnerRole(setup);
      await setup.query(`create database ${name} owner ${TEST_OWNER_ROLE}`);
    } finally {
      await setup.end();
    }
    const adminUrl = new URL(postgresUrl);
    adminUrl.pathname = `/${name}`;
    const ownerUrl = new URL(adminUrl);
    ownerUrl.username = TEST_OWNER_ROLE;
    ownerUrl.password = '';
    return {
      dataDir,
      open: () => openDatabase({ databaseUrl: ownerUrl.toString(), poolSize: 4 }),
      openAdmin: () => openDatabase({ databaseUrl: adminUrl.toString(), poolSize: 2 }),
      async dispose() {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  // A copy of the migrated template: a new PGlite folder costs an initdb (5-20 s on 2 cores), a copy
  // under a second. startTestApp's runMigrations then finds nothing to do.
  cpSync(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  return {
    dataDir,
    open: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
    async dispose() {},
  };
}

export interface TestApp {
  /** The app's database: on PostgreSQL connected as the owner, which reads no tenant row outside a tenant. */
  database: Database;
  /**
   * For the test's own set-up and checks of any table: on PostgreSQL the same database as the
   * superuser (bypasses row-level security), on PGlite the app's own connection. Never for what the
   * product reads or writes: pass `database.db` to product code.
   */
  admin: Db;
  app: ReturnType<typeof createApp>['app'];
  auth: ReturnType<typeof createApp>['auth'];
  /** The email queue (not started: tests drain it). */
  emailQueue: ReturnType<typeof createApp>['emailQueue'];
  outboxDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  /** A given database models a second app instance over the same connection (PGlite runs in-process). */
  database?: Database;
  /** With `database`: its superuser handle (`TestApp.admin`), where the store would open another database's. */
  admin?: Db;
  /** Extra environment, e.g. the URLs of fake external services. */
  env?: () => Record<string, string>;
  storage?: () => StoragePort;
  /** How often open notification streams re-check their session. */
  streamSessionCheckMs?: number;
}

export async function startTestApp(store: TestStore, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await store.open());
  await runMigrations(database);
  await assertServingRoleIsRestricted(database.db);
  const env = loadEnv({
    DATA_DIR: store.dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(store.dataDir, 'no-web-dist'),
    ...options.env?.(),
  });
  const logger = createLogger('silent');
  const outboxDir = path.join(store.dataDir, 'outbox');
  // SMTP only when a test gives SMTP_URL in `env` (a local smtp-server); the outbox otherwise.
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir, logger });
  const { app, auth, hub, storage, emailQueue } = createApp({
    db: database.db,
    env,
    logger,
    mailer,
    listen: database.listen,
    storage: options.storage?.(),
    ...(options.streamSessionCheckMs ? { streamSessionCheckMs: options.streamSessionCheckMs } : {}),
  });
  if (options.seed ?? true) await seedDemoIfEmpty(database.db, auth, storage);
  const admin = !options.admin && store.openAdmin ? await store.openAdmin() : undefined;
  return {
    database,
    admin: options.admin ?? admin?.db ?? database.db,
    app,
    auth,
    emailQueue,
    outboxDir,
    async close() {
      await emailQueue.stop();
      await hub.close();
      await admin?.close();
      if (!options.database) await database.close();
    },
  };
}

/**
 * A test's own write of a company's rows through `admin`, with that company's tenant set as the
 * product's writes have it: the summaries' security-definer triggers (team calendar, workshop list
 * counts) run as the owner, which reads only the rows of the company named in `app.company_id`, so a
 * write with no tenant set leaves them untouched on PostgreSQL. The superuser itself still bypasses
 * row-level security.
 */
export function adminInTenant<T>(admin: Db, companyId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return admin.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.company_id', ${companyId}, true)`);
    return fn(tx);
  });
}

/** A tiny cookie-carrying client over `app.request`, so tests speak HTTP to the real app. */
export function httpClient(app: TestApp['app']) {
  let cookie = '';
  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...headers, ...(cookie ? { cookie } : {}) } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await app.request(url, init);
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length) {
      const jar = new Map(cookie ? cookie.split('; ').map((p) => p.split('=', 2) as [string, string]) : []);
      for (const line of setCookies) {
        const [pair] = line.split(';');
        const [name, value] = (pair ?? '').split('=', 2) as [string, string];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    return res;
  }
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', url, body ?? {}, headers),
    call,
    async signIn(email: string, password = 'DemoPassw0rd!2026') {
      const res = await call('POST', '/api/auth/sign-in/email', { email, password });
      if (res.status !== 200)
        throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
      return res;
    },
    get cookie() {
      return cookie;
    },
  };
}

/** The newest mail written to the outbox for `to`. */
export function latestMailTo(outboxDir: string, to: string): { link: string; subject: string } {
  const files = readdirSync(outboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files.reverse()) {
    const mail = JSON.parse(readFileSync(path.join(outboxDir, file), 'utf8')) as {
      to: string;
      link: string;
      subject: string;
    };
    if (mail.to === to) return mail;
  }
  throw new Error(`no mail to ${to}`);
}

/**
 * Registers beforeAll/afterAll for one app per test file and returns accessors to it.
 * `restart()` closes the app and database and opens both again over the same data.
 */
export function useTestApp(options: TestAppOptions = {}) {
  let store: TestStore | undefined;
  let current: TestApp | undefined;
  beforeAll(async () => {
    store = await createTestStore();
    current = await startTestApp(store, options);
  });
  afterAll(async () => {
    await current?.close();
    await store?.dispose();
  });
  return {
    get app(): TestApp {
      if (!current) throw new Error('the test app is not started');
      return current;
    },
    async restart() {
      if (!store || !current) throw new Error('the test app is not started');
      await current.close();
      current = await startTestApp(store, options);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests assert on arbitrary paths of JSON response bodies.
export type Json = any;
/** A response body as JSON, typed loosely for assertions. */
export const json = (res: Response): Promise<Json> => res.json();
