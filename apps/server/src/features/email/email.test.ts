/**
 * Email (issue 19, ADRs 0095, 0096): template content and escaping, the queue written in the
 * transaction of the change (a rollback queues nothing), preferences, back-off on a transport that
 * fails, two workers sending each message once, and the leavers' sweep queuing once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  httpClient,
  json,
  postgresUrl,
  startTestApp,
  useTestApp,
} from '../../../test/test-context.ts';
import { type Database, rowsOf } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { createMailer, type MailMessage } from '../../integrations/mail/mailer.ts';
import { createLogger } from '../../logger.ts';
import { enqueueEmail, runLeaverSweep } from './email.service.ts';
import { decisionEmail, leaverEmail, newRequestEmail, passwordResetEmail } from './email-templates.tsx';
import { createEmailQueue, nextAttemptAfter } from './email-worker.ts';

const brand = {
  companyName: 'Acme <b>Ltd</b>',
  logoUrl: '/api/storage/company-assets/c1/logo-1.png',
  publicUrl: 'https://hr.example.com',
};
const EVIL = '<script>alert("x")</script>';

describe('templates', () => {
  it('a new request carries the dates, type, working days, balance and who else is away, as HTML and text', async () => {
    const mail = await newRequestEmail(brand, {
      requesterName: `Alice ${EVIL}`,
      typeLabel: 'Annual Leave',
      startDate: '2026-03-02',
      endDate: '2026-03-06',
      cost: '5 working days',
      workingDays: 5,
      remainingDays: 12.5,
      othersAway: ['Tom Brown', 'Jane <i>Doe</i>'],
      reason: 'Family & friends',
    });
    expect(mail.subject).toBe(`Holiday request from Alice ${EVIL}`);
    expect(mail.link).toBe('https://hr.example.com/holidays?tab=approvals');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Mon 2 Mar 2026 to Fri 6 Mar 2026');
      expect(part).toContain('Annual Leave');
      expect(part).toContain('5 working days');
      expect(part).toContain('12.5 days');
      expect(part).toContain('Tom Brown');
      expect(part).toContain('https://hr.example.com/holidays?tab=approvals');
    }
    // User input is escaped in the HTML: no script element, no injected markup.
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<i>Doe</i>');
    expect(mail.html).not.toContain('<b>Ltd</b>');
    expect(mail.html).toContain('Acme &lt;b&gt;Ltd&lt;/b&gt;');
    // The logo is absolute from the public URL.
    expect(mail.html).toContain('src="https://hr.example.com/api/storage/company-assets/c1/logo-1.png"');
    expect(mail.text).toContain(`Alice ${EVIL}`);
    expect(mail.text).not.toMatch(/<(p|div|table|td)\b/);
  });

  it('a decision carries the comment; a leaver email the last day; a reset its link', async () => {
    const rejected = await decisionEmail(brand, {
      status: 'rejected',
      approverName: 'Mary Manager',
      typeLabel: 'Annual Leave',
      startDate: '2026-03-02',
      endDate: '2026-03-02',
      cost: '1 working day',
      comment: `Busy week ${EVIL}`,
    });
    expect(rejected.subject).toBe('Your holiday request was rejected');
    expect(rejected.html).toContain('Busy week &lt;script&gt;');
    expect(rejected.text).toContain(`Busy week ${EVIL}`);
    expect(rejected.text).toContain('Mary Manager rejected your request');
    expect(rejected.text).toContain('https://hr.example.com/holidays?tab=requests');

    const leaver = await leaverEmail(
      { ...brand, logoUrl: null },
      {
        employeeName: 'Lee Leaver',
        position: 'Engineer',
        endDate: '2026-04-30',
      },
    );
    expect(leaver.subject).toBe('Last day today: Lee Leaver');
    expect(leaver.text).toContain('Thu 30 Apr 2026');
    expect(leaver.html).not.toContain('<img');

    const broken = await leaverEmail(brand, {
      employeeName: 'Eve\r\nBcc: victim@example.com',
      position: null,
      endDate: '2026-04-30',
    });
    expect(broken.subject).toBe('Last day today: Eve Bcc: victim@example.com');

    const reset = await passwordResetEmail(brand, 'https://hr.example.com/auth/reset-password?token=abc');
    expect(reset.subject).toBe('Reset your Northwind HR password');
    expect(reset.text).toContain('https://hr.example.com/auth/reset-password?token=abc');
  });

  it('a javascript: logo is left out', async () => {
    const mail = await leaverEmail(
      { ...brand, logoUrl: 'javascript:alert(1)' },
      { employeeName: 'X', position: null, endDate: '2026-04-30' },
    );
    expect(mail.html).not.toContain('javascript:');
  });
});

describe('back-off', () => {
  it('doubles from the base and stops at the last attempt', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const options = { maxAttempts: 4, retryBaseSeconds: 30 };
    expect(nextAttemptAfter(1, options, now)?.toISOString()).toBe('2026-01-01T00:00:30.000Z');
    expect(nextAttemptAfter(2, options, now)?.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    expect(nextAttemptAfter(3, options, now)?.toISOString()).toBe('2026-01-01T00:02:00.000Z');
    expect(nextAttemptAfter(4, options, now)).toBeNull();
  });
});

const t = useTestApp();
const today = isoDate(new Date());
const monday = (minDays: number) => clearMondayFrom(addDays(today, minDays), 'england-and-wales');
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));

interface OutboxRow {
  id: string;
  kind: string;
  to_address: string;
  status: string;
  attempts: number;
  data: Record<string, unknown>;
  next_attempt_at: Date;
  last_error: string | null;
}
const rowsTo = (to: string, kind: string) =>
  query<OutboxRow>(
    sql`select * from email_outbox where to_address = ${to} and kind = ${kind} order by created_at`,
  );

function outboxFiles(to: string): { subject: string; text: string; html: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(t.app.outboxDir).filter((f) => f.endsWith(`-${to}.json`));
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(t.app.outboxDir, f), 'utf8')));
}

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

beforeAll(async () => {
  const month = Number(today.slice(5, 7));
  const end = month === 1 ? 12 : month - 1;
  await t.app.admin.execute(
    sql`update company_settings set holiday_year_start_month = ${month}, holiday_year_end_month = ${end}`,
  );
});

describe('queue', () => {
  it('a request queues the approver email in its transaction; the worker sends it once', async () => {
    const alice = await signedIn('alice@northwind.example');
    const start = monday(21);
    const res = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: addDays(start, 2),
      holidayType: 'annual',
      reason: `Trip ${EVIL}`,
    });
    expect(res.status).toBe(201);
    const rows = await rowsTo('manager@northwind.example', 'new_request');
    const row = rows.find((r) => r.data.startDate === start);
    expect(row?.status).toBe('pending');
    expect(row?.data).toMatchObject({ workingDays: 3, typeLabel: 'Annual Leave', reason: `Trip ${EVIL}` });
    expect(typeof row?.data.remainingDays).toBe('number');

    expect(await t.app.emailQueue.drain()).toBeGreaterThanOrEqual(1);
    expect(await t.app.emailQueue.drain()).toBe(0);
    const [sent] = await query<OutboxRow>(sql`select * from email_outbox where id = ${row?.id}`);
    expect(sent?.status).toBe('sent');
    const files = outboxFiles('manager@northwind.example').filter((m) => m.text.includes('3 working days'));
    expect(files).toHaveLength(1);
    expect(files[0]?.subject).toMatch(/^Holiday request from /);
    expect(files[0]?.html).not.toContain('<script>');
    expect(files[0]?.text).toContain('http://localhost:3000/holidays?tab=approvals');
  });

  it("the approver email names who else in the requester's team is away, as the Approvals tab does", async () => {
    const alice = await signedIn('alice@northwind.example');
    const tom = await signedIn('tom@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const week = monday(120);
    // Tom is in Alice's team and has approved leave that shares a day with her request.
    const tomReq = await tom.post('/api/v1/holidays/requests', {
      startDate: week,
      endDate: addDays(week, 1),
    });
    expect(tomReq.status).toBe(201);
    const tomId = ((await tomReq.json()) as { id: string }).id;
    const decided = await manager.post(`/api/v1/holidays/requests/${tomId}/decision`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    const start = addDays(week, 1);
    const res = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: addDays(week, 2),
    });
    expect(res.status).toBe(201);
    const aliceId = ((await res.json()) as { id: string }).id;
    const row = (await rowsTo('manager@northwind.example', 'new_request')).find(
      (r) => r.data.startDate === start,
    );
    const approvals = (await (await manager.get('/api/v1/holidays/approvals')).json()) as {
      items: Array<{ id: string; othersAway: string[] }>;
    };
    const shown = approvals.items.find((i) => i.id === aliceId)?.othersAway;
    expect(row?.data.othersAway).toContain('Tom Turner');
    expect(row?.data.othersAway).not.toContain('Alice Anders');
    expect(row?.data.othersAway).toEqual(shown);
    await alice.post(`/api/v1/holidays/requests/${aliceId}/cancel`);
    await tom.post(`/api/v1/holidays/requests/${tomId}/cancel`);
  });

  it('a write that rolls back queues nothing', async () => {
    const [company] = await query<{ id: string }>(sql`select id from companies order by created_at limit 1`);
    const before = await rowsTo('rollback@example.com', 'leaver');
    await expect(
      withTenant(
        t.app.database.db,
        { companyId: company?.id as string, userId: null, role: null },
        async (tx) => {
          await enqueueEmail(tx, {
            companyId: company?.id as string,
            kind: 'leaver',
            to: 'rollback@example.com',
            data: { employeeName: 'Rolled Back', position: null, endDate: today },
          });
          throw new Error('the change fails');
        },
      ),
    ).rejects.toThrow('the change fails');
    expect(await rowsTo('rollback@example.com', 'leaver')).toHaveLength(before.length);
    expect(before).toHaveLength(0);
  });

  it('the serving role may queue but never read the queue', async () => {
    const [company] = await query<{ id: string }>(sql`select id from companies order by created_at limit 1`);
    const error = await withTenant(
      t.app.database.db,
      { companyId: company?.id as string, userId: null, role: null },
      (tx) => tx.execute(sql`select count(*) from email_outbox`),
    ).catch((err: Error & { cause?: Error }) => err);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error & { cause?: Error }).cause?.message)).toMatch(/permission denied/);
  });

  it('a decision emails the requester with the comment', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const start = monday(90);
    const submitted = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: start,
      holidayType: 'annual',
    });
    const created = await json(submitted);
    expect(submitted.status, JSON.stringify(created)).toBe(201);
    const decided = await manager.post(`/api/v1/holidays/requests/${created.id}/decision`, {
      decision: 'reject',
      comment: `Busy ${EVIL}`,
    });
    expect(decided.status).toBe(200);
    const rows = await rowsTo('alice@northwind.example', 'decision');
    expect(rows.at(-1)?.data).toMatchObject({
      status: 'rejected',
      comment: `Busy ${EVIL}`,
      startDate: start,
    });
  });
});

describe('retention', () => {
  it('prune deletes sent and failed mail queued before the retention, never pending mail or newer mail', async () => {
    const [company] = await query<{ id: string }>(sql`select id from companies order by created_at limit 1`);
    const insert = (to: string, status: string, daysAgo: number) =>
      t.app.admin.execute(sql`insert into email_outbox (company_id, kind, data, to_address, status, created_at)
        values (${company?.id}, 'leaver', ${JSON.stringify({ employeeName: 'X', position: null, endDate: today })}::jsonb,
          ${to}, ${status}, now() - make_interval(days => ${daysAgo}))`);
    await insert('old-sent@example.com', 'sent', 91);
    await insert('old-failed@example.com', 'failed', 120);
    await insert('old-pending@example.com', 'pending', 200);
    await insert('new-sent@example.com', 'sent', 89);
    await t.app.emailQueue.prune();
    const left = await query<{ to_address: string }>(
      sql`select to_address from email_outbox where to_address in ('old-sent@example.com', 'old-failed@example.com', 'old-pending@example.com', 'new-sent@example.com') order by to_address`,
    );
    expect(left.map((r) => r.to_address)).toEqual(['new-sent@example.com', 'old-pending@example.com']);
    await t.app.admin.execute(
      sql`delete from email_outbox where to_address in ('old-pending@example.com', 'new-sent@example.com')`,
    );
  });
});

describe('cancellation', () => {
  it('cancelling approved leave emails its approver, not the one who cancelled', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const start = monday(260);
    const created = await json(
      await alice.post('/api/v1/holidays/requests', {
        startDate: start,
        endDate: start,
        holidayType: 'annual',
      }),
    );
    expect(
      (await manager.post(`/api/v1/holidays/requests/${created.id}/decision`, { decision: 'approve' }))
        .status,
    ).toBe(200);
    const before = (await rowsTo('manager@northwind.example', 'cancellation')).length;
    expect((await alice.post(`/api/v1/holidays/requests/${created.id}/cancel`)).status).toBe(200);
    const rows = await rowsTo('manager@northwind.example', 'cancellation');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)?.data).toMatchObject({
      cancelledBy: 'the employee',
      startDate: start,
      workingDays: 1,
    });
    expect(await rowsTo('alice@northwind.example', 'cancellation')).toHaveLength(0);
  });
});

describe('preferences', () => {
  it('each user reads and saves their own; bad input is a 400 that changes nothing', async () => {
    const manager = await signedIn('manager@northwind.example');
    const all = { new_request: true, decision: true, cancellation: true, leaver: true };
    expect(await json(await manager.get('/api/v1/profile/email-preferences'))).toEqual(all);
    for (const body of [
      { ...all, new_request: 'no' },
      { ...all, extra: true },
      { decision: true },
      `{"new_request":true,"decision":true,"cancellation":true,"leaver":"\\u0000"}`,
    ]) {
      const res = await manager.call('PUT', '/api/v1/profile/email-preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await json(await manager.get('/api/v1/profile/email-preferences'))).toEqual(all);
    const anonymous = await httpClient(t.app.app).get('/api/v1/profile/email-preferences');
    expect(anonymous.status).toBe(401);
  });

  it('an approver who turned new requests off gets no email; the notification still comes', async () => {
    const manager = await signedIn('manager@northwind.example');
    const off = { new_request: false, decision: true, cancellation: true, leaver: true };
    const saved = await manager.call('PUT', '/api/v1/profile/email-preferences', off);
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual(off);
    const before = (await rowsTo('manager@northwind.example', 'new_request')).length;
    const tom = await signedIn('tom@northwind.example');
    const start = monday(150);
    expect(
      (
        await tom.post('/api/v1/holidays/requests', {
          startDate: start,
          endDate: start,
          holidayType: 'annual',
        })
      ).status,
    ).toBe(201);
    expect(await rowsTo('manager@northwind.example', 'new_request')).toHaveLength(before);
    const on = { ...off, new_request: true };
    expect((await manager.call('PUT', '/api/v1/profile/email-preferences', on)).status).toBe(200);
    const next = monday(220);
    await tom.post('/api/v1/holidays/requests', { startDate: next, endDate: next, holidayType: 'annual' });
    expect(await rowsTo('manager@northwind.example', 'new_request')).toHaveLength(before + 1);
  });

  it('the leavers sweep emails each super admin once on the last day', async () => {
    const [alice] = await query<{ id: string; company_id: string }>(
      sql`select id, company_id from employee_records where email = 'alice@northwind.example'`,
    );
    await t.app.admin.execute(
      sql`update employee_records set end_date = ${today} where id = ${alice?.id as string}`,
    );
    try {
      const logger = createLogger('silent');
      await runLeaverSweep(t.app.database.db, logger, today);
      await runLeaverSweep(t.app.database.db, logger, today);
      const rows = await query<OutboxRow>(
        sql`select * from email_outbox where kind = 'leaver' and company_id = ${alice?.company_id as string}`,
      );
      const admins = await query<{ email: string }>(
        sql`select p.email from user_roles r join profiles p on p.id = r.user_id
            where r.role = 'super_admin' and p.company_id = ${alice?.company_id as string}`,
      );
      expect(admins.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.to_address).sort()).toEqual(admins.map((a) => a.email).sort());
    } finally {
      await t.app.admin.execute(
        sql`update employee_records set end_date = null where id = ${alice?.id as string}`,
      );
    }
  });
});

describe('transport failures', () => {
  it('an SMTP server that is not there: the attempt is retried later with back-off, then failed', async () => {
    // A port that was free a moment ago and is closed now.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const logger = createLogger('silent');
    const queue = createEmailQueue({
      db: t.app.database.db,
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'x@example.com',
        outboxDir: '/nonexistent',
        logger,
      }),
      logger,
      listen: t.app.database.listen,
      publicUrl: 'http://localhost:3000',
      options: { maxAttempts: 2, retryBaseSeconds: 60 },
    });
    const id = await enqueueEmail(t.app.database.db, {
      companyId: null,
      kind: 'password_reset',
      to: 'backoff@example.com',
      data: { link: 'http://localhost:3000/auth/reset-password?token=t' },
    });
    const started = Date.now();
    expect(await queue.sendNow(id)).toBe(false);
    let [row] = await query<OutboxRow>(sql`select * from email_outbox where id = ${id}`);
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
    const wait = new Date(row?.next_attempt_at as Date).getTime() - started;
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThan(70_000);
    // Not due yet: nothing is claimed.
    expect(await queue.sendNow(id)).toBe(false);
    [row] = await query<OutboxRow>(sql`select * from email_outbox where id = ${id}`);
    expect(row?.attempts).toBe(1);
    // Due again: the second (last) attempt fails for good.
    await t.app.admin.execute(sql`update email_outbox set next_attempt_at = now() where id = ${id}`);
    expect(await queue.sendNow(id)).toBe(false);
    [row] = await query<OutboxRow>(sql`select * from email_outbox where id = ${id}`);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(2);
    await queue.stop();
  });
});

describe('several instances', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  it(`two workers${postgresUrl ? ' on one PostgreSQL database' : ''} send each message once`, async () => {
    const store = await createTestStore();
    const app = await startTestApp(store, { seed: false });
    // PostgreSQL: a second pool, as a second instance has; PGlite is one process's database.
    const second = postgresUrl ? await store.open() : app.database;
    if (second !== app.database) opened.push(second);
    const logger = createLogger('silent');
    const sent: { worker: number; id: string | undefined }[] = [];
    const recording = (worker: number) => ({
      async send(message: MailMessage) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        sent.push({ worker, id: message.id });
      },
    });
    const queues = [app.database, second].map((database, i) =>
      createEmailQueue({
        db: database.db,
        mailer: recording(i),
        logger,
        listen: database.listen,
        publicUrl: 'http://localhost:3000',
        options: { batchSize: 3 },
      }),
    );
    const ids: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      ids.push(
        await enqueueEmail(app.database.db, {
          companyId: null,
          kind: 'password_reset',
          to: `burst${i}@example.com`,
          data: { link: `http://localhost:3000/auth/reset-password?token=${i}` },
        }),
      );
    }
    const counts = await Promise.all(queues.map((q) => q.drain()));
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(60);
    expect(sent.map((s) => s.id).sort()).toEqual([...ids].sort());
    if (postgresUrl) expect(new Set(sent.map((s) => s.worker)).size).toBe(2);
    const [left] = rowsOf<{ n: number }>(
      await app.admin.execute(sql`select count(*)::int as n from email_outbox where status <> 'sent'`),
    );
    expect(left?.n).toBe(0);
    for (const q of queues) await q.stop();
    await app.close();
    await store.dispose();
  });
});
