import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  httpClient,
  json,
  postgresUrl,
  startTestApp,
  type TestApp,
  type TestStore,
} from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { insertNotification } from './notifications.repository.ts';

let store: TestStore;
/** Two app instances on one database: on PostgreSQL each has its own pool and LISTEN connection. */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  store = await createTestStore();
  a = await startTestApp(store, { streamSessionCheckMs: 200 });
  b = await startTestApp(store, postgresUrl ? { seed: false } : { seed: false, database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await store.dispose();
});

async function userOf(email: string): Promise<{ id: string; companyId: string }> {
  const [row] = rowsOf<{ id: string; company_id: string }>(
    await a.admin.execute(sql`select id, company_id from profiles where email = ${email}`),
  );
  if (!row) throw new Error(`no profile ${email}`);
  return { id: row.id, companyId: row.company_id };
}

/** Creates a notification through instance A, in a tenant transaction as the product does. */
async function notify(email: string, title: string, type = 'holiday_request') {
  const user = await userOf(email);
  await withTenant(a.database.db, { companyId: user.companyId, userId: null, role: null }, (tx) =>
    insertNotification(tx, {
      companyId: user.companyId,
      userId: user.id,
      type,
      title,
      message: `${title} message`,
    }),
  );
}

async function signedIn(instance: TestApp, email: string) {
  const client = httpClient(instance.app);
  await client.signIn(email);
  return client;
}

/** Opens the SSE stream and collects events until `until` matches or the timeout passes. */
async function openStream(instance: TestApp, cookie: string) {
  const controller = new AbortController();
  const res = await instance.app.request('/api/v1/notifications/stream', {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: string }[] = [];
  const next = async (predicate: (e: { event: string; data: string }) => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(predicate);
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(events)}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), remaining)),
      ]);
      if (!chunk || chunk.done) continue;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        events.push({ event, data });
        end = buffer.indexOf('\n\n');
      }
    }
  };
  return {
    next,
    /** Resolves true when the server ends the stream within the time. */
    async ended(timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now())),
        ]);
        if (chunk?.done) return true;
      }
      return false;
    },
    close() {
      controller.abort();
      reader.cancel().catch(() => {});
    },
  };
}

describe('notification stream and the session', () => {
  it('tells a stream its session is gone and ends it (signed out elsewhere, or removed)', async () => {
    const tom = await signedIn(a, 'tom@northwind.example');
    const stream = await openStream(a, tom.cookie);
    try {
      await stream.next((e) => e.event === 'ready', 5000);
      const out = await tom.post('/api/auth/sign-out', {}, { origin: 'http://localhost:3000' });
      expect(out.status).toBe(200);
      await stream.next((e) => e.event === 'signed-out', 5000);
      expect(await stream.ended(5000)).toBe(true);
    } finally {
      stream.close();
    }
  });
});

describe('notifications API', () => {
  it('lists newest first with the unread count, limited to 50, only the user own', async () => {
    for (let i = 0; i < 53; i++) await notify('tom@northwind.example', `n${i}`);
    await notify('alice@northwind.example', 'for alice');
    const tom = await signedIn(a, 'tom@northwind.example');
    const body = await json(await tom.get('/api/v1/notifications'));
    expect(body.notifications).toHaveLength(50);
    expect(body.unreadCount).toBe(53);
    expect(body.notifications[0].title).toBe('n52');
    const times = body.notifications.map((n: { createdAt: string }) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.notifications.some((n: { title: string }) => n.title === 'for alice')).toBe(false);
  });

  it('marks one read, then all read, and deletes; another user cannot touch them', async () => {
    const tom = await signedIn(a, 'tom@northwind.example');
    const alice = await signedIn(a, 'alice@northwind.example');
    const { notifications } = await json(await tom.get('/api/v1/notifications'));
    const first = notifications[0];
    expect((await alice.post(`/api/v1/notifications/${first.id}/read`)).status).toBe(404);
    expect((await alice.call('DELETE', `/api/v1/notifications/${first.id}`)).status).toBe(404);

    expect((await tom.post(`/api/v1/notifications/${first.id}/read`)).status).toBe(200);
    let body = await json(await tom.get('/api/v1/notifications'));
    expect(body.unreadCount).toBe(52);
    expect(body.notifications[0]).toMatchObject({ id: first.id, isRead: true });
    expect(body.notifications[0].readAt).not.toBeNull();

    expect((await json(await tom.post('/api/v1/notifications/read-all'))).updated).toBe(52);
    body = await json(await tom.get('/api/v1/notifications'));
    expect(body.unreadCount).toBe(0);

    expect((await tom.call('DELETE', `/api/v1/notifications/${first.id}`)).status).toBe(204);
    body = await json(await tom.get('/api/v1/notifications'));
    expect(body.notifications.some((n: { id: string }) => n.id === first.id)).toBe(false);
    expect((await tom.post('/api/v1/notifications/not-a-uuid/read')).status).toBe(400);
  });
});

describe('live notifications', () => {
  it('a notification created through instance A reaches a stream on instance B within 2 seconds', async () => {
    const alice = await signedIn(b, 'alice@northwind.example');
    const stream = await openStream(b, alice.cookie);
    try {
      await stream.next((e) => e.event === 'ready', 5000);
      const started = Date.now();
      await notify('alice@northwind.example', 'Holiday approved', 'holiday_decision');
      const event = await stream.next((e) => e.event === 'notification', 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      const payload = JSON.parse(event.data);
      expect(payload.op).toBe('INSERT');
      // Ids only: nothing of the notification's content travels on the stream.
      expect(Object.keys(payload).sort()).toEqual(['id', 'op']);
      const { notifications } = await json(await alice.get('/api/v1/notifications'));
      expect(notifications[0]).toMatchObject({ id: payload.id, title: 'Holiday approved' });
    } finally {
      stream.close();
    }
  });

  it('does not send one user the events of another, and reports read and delete', async () => {
    const tom = await signedIn(b, 'tom@northwind.example');
    const stream = await openStream(b, tom.cookie);
    try {
      await stream.next((e) => e.event === 'ready', 5000);
      await notify('alice@northwind.example', 'not for tom');
      await notify('tom@northwind.example', 'for tom');
      const inserted = await stream.next((e) => e.event === 'notification', 2000);
      const { id } = JSON.parse(inserted.data);
      const { notifications } = await json(await tom.get('/api/v1/notifications'));
      expect(notifications[0]).toMatchObject({ id, title: 'for tom' });
      await tom.post(`/api/v1/notifications/${id}/read`);
      await stream.next((e) => e.event === 'notification' && JSON.parse(e.data).op === 'UPDATE', 2000);
      await tom.call('DELETE', `/api/v1/notifications/${id}`);
      await stream.next((e) => e.event === 'notification' && JSON.parse(e.data).op === 'DELETE', 2000);
    } finally {
      stream.close();
    }
  });

  it('needs a session', async () => {
    expect((await b.app.request('/api/v1/notifications/stream')).status).toBe(401);
  });
});
