/**
 * Account recovery (ADR 0054, 0055) as an attacker sees it, with mail going over real SMTP to a local
 * smtp-server that is slow on purpose: no account enumeration by body, status or time; reset links
 * built from PUBLIC_URL only (no Host header injection); tokens never in an answer; single use; a
 * removed user gets no password back; administrators reach only their own company.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { settleRecoveryTasks } from '../../src/features/auth/recovery.service.ts';
import {
  createTestStore,
  httpClient,
  json,
  startTestApp,
  type TestApp,
  type TestStore,
} from '../test-context.ts';

/** How long the SMTP server takes to accept each message. */
const SMTP_DELAY_MS = 1500;
const PUBLIC_URL = 'http://localhost:3000';

interface ReceivedMail {
  to: string[];
  raw: string;
}

let store: TestStore;
let t: TestApp;
let smtp: SMTPServer;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  store = await createTestStore();
  t = await startTestApp(store, {
    env: () => ({ SMTP_URL: `smtp://127.0.0.1:${port}`, TRUST_PROXY: 'true' }),
  });
});
afterAll(async () => {
  await settleRecoveryTasks();
  await t.close();
  await store.dispose();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `203.0.113.${++ipCounter}` });

/** The text of a message as sent (quoted-printable soft breaks and escapes undone). */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function mailsTo(address: string): string[] {
  return received.filter((m) => m.to.includes(address)).map((m) => decoded(m.raw));
}

function resetLinkIn(mail: string): URL {
  const match = /https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail);
  if (!match) throw new Error(`no reset link in:\n${mail}`);
  return new URL(match[0]);
}

async function createAndRemove(owner: ReturnType<typeof httpClient>, email: string): Promise<string> {
  const created = await owner.post('/api/v1/settings/users', {
    fullName: 'Gone Again',
    email,
    password: 'Temp0rary!',
    role: 'operative',
  });
  expect(created.status).toBe(201);
  const id = (await json(created)).user.id as string;
  expect((await owner.call('DELETE', `/api/v1/settings/users/${id}`)).status).toBe(200);
  return id;
}

describe('password reset requests reveal nothing about the address', () => {
  it('answers known, unknown, removed and unverified addresses alike, before any mail is sent', async () => {
    const owner = httpClient(t.app);
    await owner.signIn('owner@northwind.example');
    await createAndRemove(owner, 'removed-enum@northwind.example');
    const signUp = await httpClient(t.app).post(
      '/api/auth/sign-up/email',
      {
        name: 'Unverified',
        companyName: 'Unverified Ltd',
        email: 'unverified-enum@example.com',
        password: 'Str0ng!Passw0rd',
      },
      freshIp(),
    );
    expect(signUp.status).toBe(200);

    const addresses = [
      'alice@northwind.example',
      'nobody-enum@example.com',
      'removed-enum@northwind.example',
      'unverified-enum@example.com',
    ];
    const answers = [];
    for (const email of addresses) {
      const started = performance.now();
      const res = await httpClient(t.app).post('/api/auth/request-password-reset', { email }, freshIp());
      const ms = performance.now() - started;
      answers.push({ status: res.status, body: await res.text(), ms });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(answers[0]?.body);
      expect(answer.body).not.toMatch(/token/i);
      // The SMTP server takes 1.5 s per message: no answer waits for it.
      expect(answer.ms).toBeLessThan(SMTP_DELAY_MS);
    }
    await settleRecoveryTasks();
    expect(mailsTo('alice@northwind.example')).toHaveLength(1);
    expect(mailsTo('nobody-enum@example.com')).toHaveLength(0);
    expect(mailsTo('removed-enum@northwind.example')).toHaveLength(0);
  });

  it('limits an unknown address exactly like a known one', async () => {
    for (const email of ['tom@northwind.example', 'nobody-limit@example.com']) {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await httpClient(t.app).post('/api/auth/request-password-reset', { email }, freshIp());
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    await settleRecoveryTasks();
  });

  it('answers verification resends alike for every address, and limits them per address', async () => {
    const bodies = new Set<string>();
    for (const email of ['alice@northwind.example', 'nobody-verify@example.com']) {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await httpClient(t.app).post('/api/auth/send-verification-email', { email }, freshIp());
        statuses.push(res.status);
        if (res.status === 200) bodies.add(await res.text());
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    expect(bodies.size).toBe(1);
    await settleRecoveryTasks();
    expect(mailsTo('nobody-verify@example.com')).toHaveLength(0);
  });
});

describe('reset links', () => {
  it('are built from PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const res = await httpClient(t.app).post(
      '/api/auth/request-password-reset',
      { email: 'manager@northwind.example' },
      { ...freshIp(), host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    expect(res.status).toBe(200);
    await settleRecoveryTasks();
    const [mail] = mailsTo('manager@northwind.example');
    expect(mail).toBeDefined();
    expect(mail).not.toContain('evil.example');
    expect(resetLinkIn(mail ?? '').origin).toBe(PUBLIC_URL);
  });

  it('work once, for their own user only, and end every session', async () => {
    const email = 'sam@southbank.example';
    const session = httpClient(t.app);
    await session.signIn(email);
    await httpClient(t.app).post('/api/auth/request-password-reset', { email }, freshIp());
    await settleRecoveryTasks();
    const token = resetLinkIn(mailsTo(email).at(-1) ?? '').searchParams.get('token');
    // Extra fields cannot point the token at someone else.
    const alice = rowsOf<{ id: string }>(
      await t.admin.execute(sql`select id from auth_users where email = 'alice@northwind.example'`),
    )[0]?.id;
    const first = await httpClient(t.app).post(
      '/api/auth/reset-password',
      { token, newPassword: 'Hij4cked!Passw0rd', email: 'alice@northwind.example', userId: alice },
      freshIp(),
    );
    expect(first.status).toBe(200);
    expect(await first.text()).not.toMatch(/token/i);
    expect((await session.get('/api/v1/me')).status).toBe(401);
    await httpClient(t.app).signIn(email, 'Hij4cked!Passw0rd');
    await httpClient(t.app).signIn('alice@northwind.example');

    const replay = await httpClient(t.app).post(
      '/api/auth/reset-password',
      { token, newPassword: 'Repl4yed!Passw0rd' },
      freshIp(),
    );
    expect(replay.status).toBe(400);
    expect((await json(replay)).error.code).toBe('VALIDATION_ERROR');
  });

  it('give a removed user no password back', async () => {
    const owner = httpClient(t.app);
    await owner.signIn('owner@northwind.example');
    const email = 'removed-link@northwind.example';
    const created = await owner.post('/api/v1/settings/users', {
      fullName: 'Soon Gone',
      email,
      password: 'Temp0rary!',
      role: 'operative',
    });
    const id = (await json(created)).user.id as string;
    await httpClient(t.app).post('/api/auth/request-password-reset', { email }, freshIp());
    await settleRecoveryTasks();
    const token = resetLinkIn(mailsTo(email).at(-1) ?? '').searchParams.get('token');
    expect((await owner.call('DELETE', `/api/v1/settings/users/${id}`)).status).toBe(200);

    const res = await httpClient(t.app).post(
      '/api/auth/reset-password',
      { token, newPassword: 'Back4gain!Passw0rd' },
      freshIp(),
    );
    expect(res.status).toBe(400);
    const signIn = await httpClient(t.app).post('/api/auth/sign-in/email', {
      email,
      password: 'Back4gain!Passw0rd',
    });
    expect(signIn.status).toBe(401);
  });
});

describe('the administrator reset action', () => {
  it('reaches only users of the own company, and only with user management at Admin', async () => {
    const southbankUser = rowsOf<{ id: string }>(
      await t.admin.execute(sql`select id from auth_users where email = 'owner@southbank.example'`),
    )[0]?.id;
    const owner = httpClient(t.app);
    await owner.signIn('owner@northwind.example');
    const before = mailsTo('owner@southbank.example').length;
    const res = await owner.post(`/api/v1/settings/users/${southbankUser}/reset-password`);
    expect(res.status).toBe(404);
    for (const email of ['admin@northwind.example', 'alice@northwind.example']) {
      const client = httpClient(t.app);
      await client.signIn(email);
      const own = rowsOf<{ id: string }>(
        await t.admin.execute(sql`select id from auth_users where email = 'tom@northwind.example'`),
      )[0]?.id;
      expect((await client.post(`/api/v1/settings/users/${own}/reset-password`)).status).toBe(403);
    }
    await settleRecoveryTasks();
    expect(mailsTo('owner@southbank.example')).toHaveLength(before);
  });
});
