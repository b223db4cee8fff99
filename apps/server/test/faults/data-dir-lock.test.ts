/**
 * One process per PGlite data folder (`npm run test:faults`, no PostgreSQL needed). The old sequence
 * that broke the folder: server A on DATA_DIR, a second server B started on the same folder (it used
 * to open PGlite, migrate, then fail on the port), then A killed with SIGKILL. B must now refuse before
 * touching the folder, with one line and a non-zero exit, and A's data must survive the crash whole.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  client,
  freePort,
  nextWeekdays,
  repoRoot,
  type ServerProcess,
  serverMain,
  startServer,
} from './support.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

/** Starts the compiled server and waits for it to exit by itself; what it wrote to stderr and its exit code. */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    AUTH_SECRET: 'fault-secret-fault-secret-fault-secret-0123',
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr };
}

type Json = Record<string, unknown> & { items?: Record<string, unknown>[] };
const body = async (res: Response) => (await res.json()) as Json;

describe('a second server on the same PGlite data folder', () => {
  it('is refused with one line, and the first one survives a kill -9 with every acknowledged write', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-fault-lock-'));
    let a: ServerProcess = await startServer({ DATA_DIR: dataDir });
    const alice = client(() => a.url);
    await alice.signIn('alice@northwind.example');
    const days = nextWeekdays(260).slice(200);
    const acknowledged: string[] = [];
    const submit = async (day: string) => {
      const res = await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day });
      expect(res.status).toBe(201);
      acknowledged.push((await body(res)).id as string);
    };
    for (const day of days.slice(0, 3)) await submit(day);
    const lock = JSON.parse(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(a.child.pid);

    // B on another port: the data-folder lock refuses it, naming A.
    const otherPort = await freePort();
    const onLock = await runUntilExit({ DATA_DIR: dataDir, PORT: String(otherPort), SEED_DEMO: 'true' });
    expect(onLock.code).not.toBe(0);
    expect(onLock.stderr.trim().split('\n')).toEqual([
      `Refusing to start: the data folder ${path.join(dataDir, 'pglite')} is in use by another Northwind HR process (pid ${a.child.pid}); PGlite allows one process per data folder. Stop that process first, or use PostgreSQL (DATABASE_URL) to run several.`,
    ]);
    // B on A's port (the old sequence): refused on the port, before it opens the database.
    const port = new URL(a.url).port;
    const onPort = await runUntilExit({ DATA_DIR: dataDir, PORT: port, SEED_DEMO: 'true' });
    expect(onPort.code).not.toBe(0);
    expect(onPort.stderr.trim().split('\n')).toEqual([
      `Refusing to start: port ${port} is already in use (is another Northwind HR process running?).`,
    ]);

    // A is untouched: it still answers and still writes; then it crashes.
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
    for (const day of days.slice(3, 8)) await submit(day);
    await a.kill9();

    // The lock of the dead process is stale: the folder opens again, with everything A acknowledged.
    a = await startServer({ DATA_DIR: dataDir });
    cleanups.push(a.stop);
    expect((await alice.get('/api/v1/me')).status).toBe(200);
    const ids = new Set(
      ((await body(await alice.get('/api/v1/holidays/requests?limit=500'))).items ?? []).map((r) => r.id),
    );
    expect(acknowledged).toHaveLength(8);
    for (const id of acknowledged) expect(ids.has(id), `acknowledged ${id} lost`).toBe(true);
  });
});
