/**
 * PgBouncer in transaction mode between the servers and PostgreSQL (Debian's pgbouncer, started on a
 * free port): sign-in and sessions, a holiday request submitted and approved, the sign-in rate limit
 * and live notifications on the event stream all work through it. Two instances share the pooler;
 * their LISTEN connections go straight to PostgreSQL (DATABASE_LISTEN_URL), which a transaction pooler
 * cannot carry. Prepared statements stay on when the installed PgBouncer keeps them (1.21+, ADR 0045).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pgbouncer, pgbouncerKeepsPreparedStatements } from './daemons.ts';
import { adminUrl, client, createDatabase, nextWeekdays, PASSWORD, startServer } from './support.ts';

type Json = Record<string, unknown> & { items?: Record<string, unknown>[] };
const body = async (res: Response) => (await res.json()) as Json;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
});

/** Reads server-sent events from a streaming response until one matches. */
function eventReader(res: Response) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  return {
    events,
    async next(predicate: (e: { event: string; data: string }) => boolean, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`no matching event: ${JSON.stringify(events)}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), remaining)),
        ]);
        if (chunk?.done) throw new Error(`the stream ended: ${JSON.stringify(events)}`);
        if (!chunk) continue;
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          events.push({
            event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message',
            data: /^data: (.*)$/m.exec(block)?.[1] ?? '',
          });
        }
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

describe('through PgBouncer in transaction mode', () => {
  it('serves sessions, requests and approvals, rate limits and live notifications', async () => {
    const db = await createDatabase();
    cleanups.push(db.drop);
    const target = new URL(adminUrl);
    const bouncer = await pgbouncer({
      host: target.hostname,
      port: Number(target.port || 5432),
      user: decodeURIComponent(target.username || 'postgres'),
    });
    cleanups.push(bouncer.close);
    const env = {
      DATABASE_URL: bouncer.urlFor(db.url),
      DATABASE_LISTEN_URL: db.url,
      DATABASE_PREPARED_STATEMENTS: pgbouncerKeepsPreparedStatements() ? 'true' : 'false',
    };
    // Migrations and the demo seed run through the pooler too.
    const a = await startServer(env);
    cleanups.push(a.stop);
    const b = await startServer({ ...env, SEED_DEMO: 'false' });
    cleanups.push(b.stop);

    // Sign-in and the session: every request below is a transaction on whichever pooled connection.
    const alice = client(() => a.url);
    await alice.signIn('alice@northwind.example');
    for (let i = 0; i < 5; i++) expect((await alice.get('/api/v1/me')).status).toBe(200);

    // Live notifications: the manager's stream on instance B hears a request submitted on A.
    const manager = client(() => b.url);
    await manager.signIn('manager@northwind.example');
    const controller = new AbortController();
    cleanups.push(async () => controller.abort());
    const streamResponse = await fetch(`${b.url}/api/v1/notifications/stream`, {
      headers: { cookie: manager.cookie(), accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(streamResponse.status).toBe(200);
    const stream = eventReader(streamResponse);
    await stream.next((e) => e.event === 'ready', 10_000);

    const day = nextWeekdays(200)[190] as string;
    const submitted = await alice.post('/api/v1/holidays/requests', { startDate: day, endDate: day });
    expect(submitted.status).toBe(201);
    const id = (await body(submitted)).id;
    await stream.next((e) => e.event === 'notification', 10_000);
    stream.close();

    // The approval, on the other instance, is seen by the requester.
    const approvals = (await body(await manager.get('/api/v1/holidays/approvals'))).items ?? [];
    expect(approvals.map((r) => r.id)).toContain(id);
    const decided = await manager.post(`/api/v1/holidays/requests/${id}/decision`, { decision: 'approve' });
    expect(decided.status).toBe(200);
    const mine = (await body(await alice.get('/api/v1/holidays/requests?limit=500'))).items ?? [];
    expect(mine.find((r) => r.id === id)?.status).toBe('approved');

    // Rate limits: ten failures over both instances lock tom's sign-in, even with the right password.
    const mallory = [client(() => a.url), client(() => b.url)] as const;
    for (let i = 0; i < 10; i++) {
      const res = await mallory[i % 2]?.post('/api/auth/sign-in/email', {
        email: 'tom@northwind.example',
        password: `no-${i}`,
      });
      expect(res?.status).toBe(401);
    }
    const locked = await mallory[0].post('/api/auth/sign-in/email', {
      email: 'tom@northwind.example',
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);

    // Signing out ends the session on both instances.
    expect((await alice.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await alice.get('/api/v1/me')).status).toBe(401);
  });
});
