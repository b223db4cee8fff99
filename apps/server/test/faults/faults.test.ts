/**
 * Fault tests (`npm run test:faults`, PostgreSQL): the real server process killed with SIGKILL in the
 * middle of writes, the database cut away under load (HAProxy in front of PostgreSQL, killed), PGlite
 * killed during writes, and two instances behind HAProxy balancing round-robin. Every request answered 2xx must be there afterwards, whole.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../src/version.ts';
import { haproxyHttp, haproxyTcp } from './daemons.ts';
import {
  adminUrl,
  client,
  createDatabase,
  freePort,
  nextWeekdays,
  PASSWORD,
  type ServerProcess,
  startServer,
} from './support.ts';

type Json = Record<string, unknown> & { items?: Record<string, unknown>[] };
const body = async (res: Response) => (await res.json()) as Json;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

/** The holiday-year balance must equal the approved annual requests inside the year, as the API lists them. */
async function expectBalanceConsistent(c: ReturnType<typeof client>) {
  const balance = await body(await c.get('/api/v1/holidays/balance'));
  const requests = (await body(await c.get('/api/v1/holidays/requests?limit=500'))).items ?? [];
  const approved = requests.filter(
    (r) =>
      r.status === 'approved' &&
      r.holidayType === 'annual' &&
      (r.startDate as string) >= (balance.yearStart as string) &&
      (r.endDate as string) <= (balance.yearEnd as string),
  );
  const sum = approved.reduce((s, r) => s + Number(r.workingDays), 0);
  expect(balance.used).toBe(sum);
  expect(balance.remaining).toBe(Number(balance.total) - sum);
}

describe('kill -9 during a burst of submissions and approvals (PostgreSQL)', () => {
  it('keeps every acknowledged write, whole, after a restart', async () => {
    const db = await createDatabase();
    cleanups.push(db.drop);
    let server: ServerProcess = await startServer({ DATABASE_URL: db.url });
    const base = () => server.url;
    const alice = client(base);
    const tom = client(base);
    const manager = client(base);
    await alice.signIn('alice@northwind.example');
    await tom.signIn('tom@northwind.example');
    await manager.signIn('manager@northwind.example');

    const acknowledged: { kind: 'submit' | 'approve'; id: string }[] = [];
    const BURST_EMAILS = ['alice@northwind.example', 'tom@northwind.example'];
    const days = nextWeekdays(80).slice(30);
    let stop = false;
    const submitter = async (c: ReturnType<typeof client>, dates: string[]) => {
      for (const day of dates) {
        if (stop) return;
        try {
          const res = await c.post('/api/v1/holidays/requests', {
            startDate: day,
            endDate: day,
            holidayType: 'annual',
          });
          if (res.status === 201) acknowledged.push({ kind: 'submit', id: (await body(res)).id as string });
        } catch {
          return; // the server died mid-request: not acknowledged
        }
      }
    };
    const approver = async () => {
      while (!stop) {
        try {
          const pending = (await body(await manager.get('/api/v1/holidays/approvals'))).items ?? [];
          // Only Alice's and Tom's: the demo seed gives the manager other reports' pending requests too.
          const ours = pending.filter((p: { requesterEmail?: string | null }) =>
            BURST_EMAILS.includes(p.requesterEmail ?? ''),
          );
          for (const p of ours.slice(0, 3)) {
            const res = await manager.post(`/api/v1/holidays/requests/${p.id}/decision`, {
              decision: 'approve',
            });
            if (res.status === 200) acknowledged.push({ kind: 'approve', id: p.id as string });
          }
        } catch {
          return;
        }
      }
    };
    const burst = Promise.all([
      submitter(
        alice,
        days.filter((_, i) => i % 2 === 0),
      ),
      submitter(
        tom,
        days.filter((_, i) => i % 2 === 1),
      ),
      approver(),
    ]);
    // Let the burst run, then pull the plug while requests are in flight.
    while (acknowledged.length < 12) await new Promise((r) => setTimeout(r, 20));
    await server.kill9();
    stop = true;
    await burst;
    expect(acknowledged.filter((a) => a.kind === 'submit').length).toBeGreaterThan(3);

    server = await startServer({ DATABASE_URL: db.url });
    for (const c of [alice, tom, manager]) {
      // Sessions live in the database: they survive the crash too.
      expect((await c.get('/api/v1/me')).status).toBe(200);
    }
    const mine = [
      ...((await body(await alice.get('/api/v1/holidays/requests?limit=500'))).items ?? []),
      ...((await body(await tom.get('/api/v1/holidays/requests?limit=500'))).items ?? []),
    ];
    const byId = new Map(mine.map((r) => [r.id as string, r]));
    for (const a of acknowledged) {
      const row = byId.get(a.id);
      expect(row, `${a.kind} ${a.id} acknowledged but missing`).toBeTruthy();
      if (a.kind === 'approve') expect(row?.status).toBe('approved');
      else expect(['pending', 'approved']).toContain(row?.status);
    }
    // None half-written: every request of the burst is whole (its days counted) and the balances add up.
    for (const a of acknowledged.filter((x) => x.kind === 'submit')) {
      expect(Number(byId.get(a.id)?.workingDays)).toBe(1);
    }
    await expectBalanceConsistent(alice);
    await expectBalanceConsistent(tom);
    await server.stop();
  });
});

describe('PostgreSQL unavailable under load', () => {
  it('answers 503 on /api/health while the database is away, recovers by itself, loses nothing acknowledged', async () => {
    const db = await createDatabase();
    cleanups.push(db.drop);
    const target = new URL(adminUrl);
    // The machine's PostgreSQL is shared, so it is not restarted: HAProxy in front of it is killed instead.
    const proxy = await haproxyTcp({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(proxy.close);
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({ DATABASE_URL: viaProxy.toString() });
    cleanups.push(server.stop);
    const alice = client(() => server.url);
    await alice.signIn('alice@northwind.example');
    const [before, during, after] = nextWeekdays(120).slice(100, 103) as [string, string, string];
    const first = await alice.post('/api/v1/holidays/requests', { startDate: before, endDate: before });
    expect(first.status).toBe(201);
    const firstId = (await body(first)).id;

    // Load keeps coming while the database is away.
    let loading = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (loading) {
        statuses.push((await alice.get('/api/v1/me').catch(() => ({ status: 0 }) as Response)).status);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    while (!statuses.includes(200)) await new Promise((r) => setTimeout(r, 10));
    await proxy.cut();
    const cutFrom = statuses.length;
    // The load sees the outage (an error answer, never a hang) before the database comes back.
    for (let i = 0; i < 200 && !statuses.slice(cutFrom).some((s) => s >= 500); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'error', db: 'unavailable', version: APP_VERSION });
    const refused = await alice.post('/api/v1/holidays/requests', { startDate: during, endDate: during });
    // A lost connection is worth a retry: 503 with Retry-After, not an anonymous 500.
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    const err = await body(refused);
    expect(err.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    await proxy.restore();
    let healthy = false;
    for (let i = 0; i < 80 && !healthy; i++) {
      healthy = (await fetch(`${server.url}/api/health`)).status === 200;
      if (!healthy) await new Promise((r) => setTimeout(r, 250));
    }
    expect(healthy).toBe(true);
    const cutAt = statuses.length;
    while (!statuses.slice(cutAt).includes(200)) await new Promise((r) => setTimeout(r, 10));
    loading = false;
    await load;
    // Answered before, refused (never hung) while away, answered again after: recovered by itself.
    expect(statuses.some((s) => s >= 500)).toBe(true);
    expect(statuses.every((s) => s === 200 || s >= 500)).toBe(true);

    const next = await alice.post('/api/v1/holidays/requests', { startDate: after, endDate: after });
    expect(next.status).toBe(201);
    const mine = (await body(await alice.get('/api/v1/holidays/requests?limit=500'))).items ?? [];
    expect(mine.map((r) => r.id)).toContain(firstId);
    expect(mine.some((r) => r.startDate === during)).toBe(false);
  });
});

describe('PGlite killed during writes', () => {
  it('opens again and holds every acknowledged write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-fault-pglite-'));
    let server = await startServer({ DATA_DIR: dataDir });
    const alice = client(() => server.url);
    await alice.signIn('alice@northwind.example');
    const acknowledged: string[] = [];
    let stop = false;
    const writes = (async () => {
      for (const day of nextWeekdays(200).slice(120)) {
        if (stop) return;
        try {
          const res = await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day });
          if (res.status === 201) acknowledged.push((await body(res)).id as string);
        } catch {
          return;
        }
      }
    })();
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 10));
    await server.kill9();
    stop = true;
    await writes;

    server = await startServer({ DATA_DIR: dataDir });
    cleanups.push(server.stop);
    expect((await alice.get('/api/v1/me')).status).toBe(200);
    const ids = new Set(
      ((await body(await alice.get('/api/v1/holidays/requests?limit=500'))).items ?? []).map((r) => r.id),
    );
    for (const id of acknowledged) expect(ids.has(id), `acknowledged ${id} lost`).toBe(true);
    await expectBalanceConsistent(alice);
  });
});

describe('two instances behind HAProxy (round-robin)', () => {
  it('keeps sessions, rate limits and notifications as one instance would', async () => {
    const db = await createDatabase();
    cleanups.push(db.drop);
    // The public URL is the proxy's: its port is taken before the instances start and HAProxy after.
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const a = await startServer({ DATABASE_URL: db.url, PUBLIC_URL: publicUrl });
    cleanups.push(a.stop);
    const b = await startServer({ DATABASE_URL: db.url, PUBLIC_URL: publicUrl, SEED_DEMO: 'false' });
    cleanups.push(b.stop);
    const proxy = await haproxyHttp([a.url, b.url], proxyPort);
    cleanups.push(proxy.close);

    // Sessions: signed in through one instance, every later call (alternating) is still signed in.
    const alice = client(() => proxy.url);
    await alice.signIn('alice@northwind.example');
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 6; i++) {
      const me = await alice.get('/api/v1/me');
      expect(me.status).toBe(200);
      servedBy.add(me.headers.get('x-served-by'));
    }
    expect(servedBy).toEqual(new Set(['s1', 's2']));

    // Rate limits: ten failures spread over both instances lock the login on both.
    const mallory = client(() => proxy.url);
    for (let i = 0; i < 10; i++) {
      const res = await mallory.post('/api/auth/sign-in/email', {
        email: 'tom@northwind.example',
        password: `no-${i}`,
      });
      expect(res.status).toBe(401);
    }
    for (let i = 0; i < 2; i++) {
      const res = await mallory.post('/api/auth/sign-in/email', {
        email: 'tom@northwind.example',
        password: PASSWORD,
      });
      expect(res.status).toBe(429);
    }

    // Notifications: a request submitted through one instance reaches the manager through the other.
    const manager = client(() => proxy.url);
    await manager.signIn('manager@northwind.example');
    const day = nextWeekdays(240)[230] as string;
    const submitted = await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day });
    expect(submitted.status).toBe(201);
    const id = (await body(submitted)).id;
    for (let i = 0; i < 2; i++) {
      const approvals = (await body(await manager.get('/api/v1/holidays/approvals'))).items ?? [];
      expect(approvals.map((r) => r.id)).toContain(id);
    }
    const list = await manager.get('/api/v1/notifications');
    if (list.status === 404) {
      console.log(
        '[faults] note: no GET /api/v1/notifications route yet: the notification row is checked through the approvals queue only',
      );
    } else {
      expect(list.status).toBe(200);
      expect(JSON.stringify(await list.json())).toContain('New holiday request');
    }
  });
});

describe('backups restore', () => {
  it('restores a pg_dump into a new database and serves it', async () => {
    const source = await createDatabase();
    cleanups.push(source.drop);
    let server = await startServer({ DATABASE_URL: source.url });
    const alice = client(() => server.url);
    await alice.signIn('alice@northwind.example');
    const day = nextWeekdays(300)[290] as string;
    const saved = await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day });
    expect(saved.status).toBe(201);
    const id = (await body(saved)).id;
    await server.stop();

    const dumpFile = path.join(mkdtempSync(path.join(tmpdir(), 'hr-dump-')), 'hr.dump');
    execFileSync('pg_dump', ['--format=custom', '--file', dumpFile, source.url]);
    const target = await createDatabase();
    cleanups.push(target.drop);
    // The app_user role is cluster-wide: on a new cluster create it first (docs/operations.md).
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target.url, dumpFile]);

    server = await startServer({ DATABASE_URL: target.url, SEED_DEMO: 'false' });
    cleanups.push(server.stop);
    const again = client(() => server.url);
    await again.signIn('alice@northwind.example');
    const mine = (await body(await again.get('/api/v1/holidays/requests?limit=500'))).items ?? [];
    expect(mine.map((r) => r.id)).toContain(id);
  });

  it("restores a copy of PGlite's data directory taken with the server stopped", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-backup-pglite-'));
    let server = await startServer({ DATA_DIR: dataDir });
    const alice = client(() => server.url);
    await alice.signIn('alice@northwind.example');
    const day = nextWeekdays(320)[310] as string;
    const saved = await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day });
    expect(saved.status).toBe(201);
    const id = (await body(saved)).id;
    await server.stop();

    const restored = mkdtempSync(path.join(tmpdir(), 'hr-restore-pglite-'));
    cpSync(path.join(dataDir, 'pglite'), path.join(restored, 'pglite'), { recursive: true });
    server = await startServer({ DATA_DIR: restored, SEED_DEMO: 'false' });
    cleanups.push(server.stop);
    const again = client(() => server.url);
    await again.signIn('alice@northwind.example');
    const mine = (await body(await again.get('/api/v1/holidays/requests?limit=500'))).items ?? [];
    expect(mine.map((r) => r.id)).toContain(id);
  });
});
