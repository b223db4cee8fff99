/**
 * An email is never lost when the process dies after the request committed (ADR 0095): the real
 * server (tsx) is killed with SIGKILL right after a holiday request was answered, while its mail
 * transport (an SMTP server that never greets) had not sent anything; a restarted server over the
 * same data, with the outbox folder as transport, sends the approver's email exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../db/client.ts';
import { emailDate } from './email-templates.tsx';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function startServer(env: Record<string, string>): ChildProcess {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'true',
    EMAIL_LEASE_SECONDS: '3',
    EMAIL_SWEEP_SECONDS: '1',
    ...env,
  };
  for (const key of ['DATABASE_URL', 'DATABASE_LISTEN_URL', 'TEST_DATABASE_URL', 'SMTP_URL']) {
    if (!(key in env)) delete childEnv[key];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  closers.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null> | T | null, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const healthy = (base: string) =>
  waitFor('the server', async () => {
    const res = await fetch(`${base}/api/health`).catch(() => null);
    return res?.status === 200 ? true : null;
  });

it('the approver email of a committed request goes out once after a kill and a restart', {
  timeout: 240_000,
}, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-email-restart-'));
  closers.unshift(async () => rmSync(dataDir, { recursive: true, force: true }));
  const outbox = path.join(dataDir, 'outbox');
  // The first server's SMTP: accepts connections and never greets, so nothing is sent.
  const stalled: net.Socket[] = [];
  const smtp = net.createServer((socket) => stalled.push(socket));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const s of stalled) s.destroy();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  const smtpPort = (smtp.address() as net.AddressInfo).port;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base };
  const first = startServer({ ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  await healthy(base);

  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'alice@northwind.example', password: 'DemoPassw0rd!2026' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const start = clearMondayFrom(addDays(isoDate(new Date()), 28), 'england-and-wales');
  const booked = await fetch(`${base}/api/v1/holidays/requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ startDate: start, endDate: addDays(start, 1), holidayType: 'annual' }),
  });
  expect(booked.status, await booked.clone().text()).toBe(201);
  // Committed and answered; the transport has sent nothing. The process dies now.
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  for (const s of stalled) s.destroy();

  const approverMails = () => {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.endsWith('-manager@northwind.example.json'));
    } catch {
      return [];
    }
    return files
      .map((f) => ({
        file: path.join(outbox, f),
        mail: JSON.parse(readFileSync(path.join(outbox, f), 'utf8')),
      }))
      .filter(({ mail }) => String(mail.text).includes(emailDate(start)));
  };
  expect(approverMails()).toHaveLength(0);

  const second = startServer(env);
  await healthy(base);
  const [found] = await waitFor('the approver email', () => {
    const mails = approverMails();
    return mails.length ? mails : null;
  });
  expect(found?.mail.subject).toMatch(/^Holiday request from /);
  expect(found?.mail.text).toContain(`${base}/holidays?tab=approvals`);
  const written = statSync(found?.file as string).mtimeMs;
  // Past the lease and several sweeps: not sent again (a resend would rewrite the file).
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  expect(approverMails()).toHaveLength(1);
  expect(statSync(found?.file as string).mtimeMs).toBe(written);

  second.kill('SIGTERM');
  await new Promise((resolve) => second.once('exit', resolve));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const rows = rowsOf<{ status: string; attempts: number }>(
      await database.db.execute(
        sql`select status, attempts from email_outbox where kind = 'new_request' and data->>'startDate' = ${start}`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('sent');
  } finally {
    await database.close();
  }
});
