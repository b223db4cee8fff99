/**
 * Operations and platform staff (ADR 0047): production never seeds the demo accounts (their password
 * is published); the developer role is granted only by the operator command, never through the API;
 * every developer switch into a company is a security event its super admins can read; a developer
 * who switched in is not one of the company's people (lists, pickers).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authUsers } from '../../src/db/schema/auth.ts';
import { userRoles } from '../../src/db/schema/core.ts';
import { securityEvents } from '../../src/db/schema/security.ts';
import { loadEnv, SEED_DEMO_IN_PRODUCTION } from '../../src/env.ts';
import { grantDeveloper } from '../../src/setup/grant-developer.ts';
import { StartupError } from '../../src/startup-error.ts';
import { httpClient, json, useTestApp } from '../test-context.ts';
import { companyIdByName } from './support.ts';

/** A 4xx with the shared error shape (and, when given, the field it names). */
async function expectRefused(res: Response, status: number, field?: string) {
  expect(res.status).toBe(status);
  const body = await json(res);
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
  if (field) expect(Object.keys(body.error.fields ?? {})).toContain(field);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const t = useTestApp();
/** The app's connection, for the operator command under test. */
const db = () => t.app.database.db;
/** The test's own reads. */
const superuser = () => t.app.admin;

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

async function idOf(email: string): Promise<string> {
  const [row] = await superuser()
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function roleOf(email: string) {
  const [row] = await superuser()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, await idOf(email)));
  return row?.role ?? null;
}

/** Runs one of the server's entry points as production would, to its exit. */
async function runEntry(script: string, env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error', ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr, stdout };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'ops-secret-ops-secret-ops-secret-0123456789',
  PUBLIC_URL: 'http://127.0.0.1:1',
};

describe('demo data never exists in production', () => {
  it('refuses to start with SEED_DEMO=true: one line, no stack trace, non-zero exit, nothing opened', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-ops-prod-'));
    const run = await runEntry('apps/server/src/main.ts', {
      ...PRODUCTION,
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([SEED_DEMO_IN_PRODUCTION]);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('refuses npm run db:seed in production', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-ops-seed-'));
    const run = await runEntry('apps/server/src/setup/seed-cli.ts', { ...PRODUCTION, DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Refusing to seed: demo data is never written with NODE_ENV=production (the demo accounts share a published password).',
    );
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('seeds nothing by default in production, and demo data only by default elsewhere', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-ops-env-'));
    expect(loadEnv({ ...PRODUCTION, DATA_DIR: dataDir }).SEED_DEMO).toBe(false);
    expect(loadEnv({ ...PRODUCTION, DATA_DIR: dataDir, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadEnv({ ...PRODUCTION, DATA_DIR: dataDir, SEED_DEMO: '1' })).toThrow(
      new StartupError(SEED_DEMO_IN_PRODUCTION),
    );
    expect(loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir }).SEED_DEMO).toBe(true);
  });
});

describe('the developer role is never granted through the API', () => {
  it('refuses developer in create user and role change, for super admins and developers alike', async () => {
    for (const email of ['owner@northwind.example', 'dev@northwind.example']) {
      const client = await signedIn(email);
      const created = await client.post('/api/v1/settings/users', {
        fullName: 'Would Be Dev',
        email: `would-be-dev-${email.split('@')[0]}@northwind.example`,
        password: 'secret1',
        role: 'developer',
      });
      await expectRefused(created, 400, 'role');
      const [none] = await superuser()
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, `would-be-dev-${email.split('@')[0]}@northwind.example`));
      expect(none).toBeUndefined();

      const changed = await client.call(
        'PUT',
        `/api/v1/settings/users/${await idOf('tom@northwind.example')}/role`,
        {
          role: 'developer',
        },
      );
      await expectRefused(changed, 400, 'role');
      expect(await roleOf('tom@northwind.example')).toBe('operative');
    }
  });

  it('does not let a sign-up ask for a role', async () => {
    const res = await httpClient(t.app.app).post('/api/auth/sign-up/email', {
      name: 'Eve',
      companyName: 'Eve Ltd',
      email: 'eve@eve.example',
      password: 'Str0ng!Password#1',
      role: 'developer',
    });
    expect(res.status).toBe(400);
    const [eve] = await superuser()
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, 'eve@eve.example'));
    expect(eve).toBeUndefined();
  });

  it('is granted by the operator command only, with a clear line for an unknown email', async () => {
    await expect(grantDeveloper(db(), 'nobody@nowhere.example')).rejects.toThrow(
      new StartupError(
        'No user with the email nobody@nowhere.example: they must sign up (or be created) first.',
      ),
    );
    await expect(grantDeveloper(db(), 'not an email')).rejects.toThrow('Not an email address: not an email');
    await expect(grantDeveloper(db(), undefined)).rejects.toThrow(
      'Usage: npm run user:grant-developer -- <email>',
    );
    const result = await grantDeveloper(db(), ' Tom@Northwind.example ');
    expect(result).toMatchObject({ email: 'tom@northwind.example', previousRole: 'operative' });
    expect(await roleOf('tom@northwind.example')).toBe('developer');
    const [event] = await superuser()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, await idOf('tom@northwind.example')));
    expect(event).toMatchObject({
      action: 'role_changed',
      companyId: await companyIdByName(superuser(), 'Northwind Engineering Ltd'),
      metadata: { from: 'operative', to: 'developer', by: 'operator command' },
    });
    // Tom now passes the developer-only gate.
    const tom = await signedIn('tom@northwind.example');
    expect((await tom.get('/api/v1/companies')).status).toBe(200);
    expect((await grantDeveloper(db(), 'tom@northwind.example')).previousRole).toBe('developer');
  });
});

describe('a developer inside a company', () => {
  it('writes every switch into the company security events its super admins read, and only theirs', async () => {
    const southbank = await companyIdByName(superuser(), 'Southbank Hire Ltd');
    const northwind = await companyIdByName(superuser(), 'Northwind Engineering Ltd');
    const dev = await signedIn('dev@northwind.example');
    expect((await dev.post('/api/v1/companies/switch', { companyId: southbank })).status).toBe(200);

    const owner = await signedIn('owner@southbank.example');
    const res = await owner.get('/api/v1/security-events');
    expect(res.status).toBe(200);
    const { events } = await json(res);
    const switches = events.filter((e: { action: string }) => e.action === 'company_switched');
    expect(switches).toHaveLength(1);
    expect(switches[0]).toMatchObject({ email: 'dev@northwind.example', detail: null });
    // Nothing of another company: no Northwind sign-ins, and not the id the developer came from.
    expect(JSON.stringify(events)).not.toContain(northwind);
    expect(
      events.some(
        (e: { email: string | null }) =>
          e.email?.endsWith('@northwind.example') && e.email !== 'dev@northwind.example',
      ),
    ).toBe(false);
    expect(events.map((e: { createdAt: string }) => e.createdAt)).toEqual(
      [...events.map((e: { createdAt: string }) => e.createdAt)].sort().reverse(),
    );

    // Northwind's super admin does not see Southbank's switch.
    const northOwner = await signedIn('owner@northwind.example');
    const north = await json(await northOwner.get('/api/v1/security-events'));
    expect(north.events.some((e: { action: string }) => e.action === 'company_switched')).toBe(false);

    // Not for anyone below super admin.
    const admin = await signedIn('admin@northwind.example');
    await expectRefused(await admin.get('/api/v1/security-events'), 403);
    const alice = await signedIn('alice@northwind.example');
    await expectRefused(await alice.get('/api/v1/security-events'), 403);
  });

  it('is in none of the company people lists or pickers, and cannot be picked', async () => {
    const southbank = await companyIdByName(superuser(), 'Southbank Hire Ltd');
    const dev = await signedIn('dev@northwind.example');
    expect((await dev.post('/api/v1/companies/switch', { companyId: southbank })).status).toBe(200);
    const devId = await idOf('dev@northwind.example');
    const owner = await signedIn('owner@southbank.example');

    for (const url of [
      '/api/v1/settings/users',
      '/api/v1/settings/permissions',
      '/api/v1/employees/user-options',
      '/api/v1/profile/line-manager-options',
    ]) {
      const res = await owner.get(url);
      expect(res.status, url).toBe(200);
      const text = JSON.stringify(await json(res));
      expect(text, url).toContain('sam@southbank.example');
      expect(text, url).not.toContain(devId);
      expect(text, url).not.toContain('dev@northwind.example');
    }
    // Not even the developer sees themself among the company's users.
    expect(JSON.stringify(await json(await dev.get('/api/v1/settings/users')))).not.toContain(devId);

    // And cannot be chosen where a company user is expected.
    const asManager = await owner.call('PUT', '/api/v1/profile', {
      fullName: 'Owner',
      position: null,
      lineManagerId: devId,
    });
    await expectRefused(asManager, 400, 'lineManagerId');
    const permission = await owner.call('PUT', '/api/v1/settings/permissions', {
      changes: [{ userId: devId, sectionId: 'employees', accessLevel: 'view' }],
    });
    await expectRefused(permission, 400, 'userId');
    const employee = {
      fullName: 'Picked Dev',
      email: 'picked-dev@southbank.example',
      position: 'Engineer',
      employeeNumber: 'SB-DEV-1',
      startDate: '2026-01-05',
    };
    await expectRefused(await owner.post('/api/v1/employees', { ...employee, userId: devId }), 400, 'userId');
    await expectRefused(
      await owner.post('/api/v1/employees', { ...employee, lineManagerId: devId }),
      400,
      'lineManagerId',
    );
    // The same input without the developer is fine: the refusals above were about the developer.
    expect((await owner.post('/api/v1/employees', employee)).status).toBe(201);
  });
});
