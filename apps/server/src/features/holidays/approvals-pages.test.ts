/**
 * The approvals in keyset pages (ADR 0155), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * the pages join up to the whole list in order, a decision between pages neither skips nor repeats a
 * request, the total counts every page, and a cursor the server did not hand out is a 400.
 */

import v8 from 'node:v8';
import { HOLIDAY_MESSAGES } from '@hr/shared/hr/holidays.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  httpClient,
  startTestApp,
  type TestApp,
  type TestStore,
} from '../../../test/test-context.ts';
import { distinctClearMondays } from '../../../test/test-dates.ts';
import { rowsOf } from '../../db/client.ts';
import type { Principal } from '../../http/app-env.ts';
import { listMyApprovals } from './holidays.service.ts';

let store: TestStore;
let app: TestApp;

/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();

async function signedIn(email: string) {
  const client = httpClient(app.app);
  await client.signIn(email);
  return client;
}

interface Page {
  items: Array<{ id: string; requesterName: string; remainingDays: number | null }>;
  total: number;
  nextCursor: string | null;
}

beforeAll(async () => {
  store = await createTestStore();
  app = await startTestApp(store);
});

afterAll(async () => {
  await app.close();
  await store.dispose();
});

const cursorOf = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');

describe('approvals in pages', () => {
  const submitted: string[] = [];

  beforeAll(async () => {
    // Alice and Tom report to Maya: seven one-day requests on seven different weeks.
    const alice = await signedIn('alice@northwind.example');
    const tom = await signedIn('tom@northwind.example');
    for (let i = 0; i < 7; i++) {
      const day = mondayAfter(30 + 7 * i);
      const res = await (i % 2 ? tom : alice).post('/api/v1/holidays/requests', {
        startDate: day,
        endDate: day,
      });
      expect(res.status).toBe(201);
      submitted.push(((await res.json()) as { id: string }).id);
    }
  });

  it('pages join up to the whole list, in the same order, with the total on every page', async () => {
    const manager = await signedIn('manager@northwind.example');
    const whole = (await (await manager.get('/api/v1/holidays/approvals?limit=200')).json()) as Page;
    expect(whole.nextCursor).toBeNull();
    expect(whole.total).toBe(whole.items.length);
    for (const id of submitted) expect(whole.items.map((i) => i.id)).toContain(id);

    const seen: Page['items'] = [];
    let url = '/api/v1/holidays/approvals?limit=3';
    for (let n = 0; n < 10; n++) {
      const res = await manager.get(url);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      expect(page.items.length).toBeLessThanOrEqual(3);
      expect(page.total).toBe(whole.total);
      seen.push(...page.items);
      if (!page.nextCursor) break;
      url = `/api/v1/holidays/approvals?limit=3&after=${page.nextCursor}`;
    }
    // The same requests with the same figures, in the same order.
    expect(seen).toEqual(whole.items);
    // Without a limit: the default page (50) holds them all here.
    const first = (await (await manager.get('/api/v1/holidays/approvals')).json()) as Page;
    expect(first.items).toEqual(whole.items);
  });

  it('a decision between two pages neither skips nor repeats a request', async () => {
    const manager = await signedIn('manager@northwind.example');
    const before = (await (await manager.get('/api/v1/holidays/approvals?limit=200')).json()) as Page;
    const page1 = (await (await manager.get('/api/v1/holidays/approvals?limit=2')).json()) as Page;
    const decided = page1.items[0]?.id as string;
    const res = await manager.post(`/api/v1/holidays/requests/${decided}/decision`, { decision: 'approve' });
    expect(res.status).toBe(200);
    const page2 = (await (
      await manager.get(`/api/v1/holidays/approvals?limit=200&after=${page1.nextCursor}`)
    ).json()) as Page;
    expect(page2.total).toBe(before.total - 1);
    expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual(before.items.map((i) => i.id));
  });

  it('a page after the last request is empty and still counts them all', async () => {
    const manager = await signedIn('manager@northwind.example');
    const whole = (await (await manager.get('/api/v1/holidays/approvals?limit=200')).json()) as Page;
    const earliest = cursorOf(['2000-01-01T00:00:00.000000Z', '00000000-0000-0000-0000-000000000000']);
    const res = await manager.get(`/api/v1/holidays/approvals?after=${earliest}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [], total: whole.total, nextCursor: null });
  });

  it('refuses limits and cursors it did not hand out with a 400, and changes nothing', async () => {
    const manager = await signedIn('manager@northwind.example');
    const before = (await (await manager.get('/api/v1/holidays/approvals?limit=200')).json()) as Page;
    const bad = [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1.5',
      'after=not%20a%20cursor',
      `after=${'A'.repeat(300)}`,
      `after=${cursorOf(['2026-01-01T00:00:00.000000Z'])}`,
      `after=${cursorOf(['0000-01-01T00:00:00.000000Z', '00000000-0000-0000-0000-000000000000'])}`,
      `after=${cursorOf(['2026-02-30T00:00:00.000000Z', '00000000-0000-0000-0000-000000000000'])}`,
      `after=${cursorOf(['2026-01-01T00:00:00.000000Z', 'not-a-uuid'])}`,
      `after=${cursorOf(['2026-01-01T00:00:00.000000Z\u0000', '00000000-0000-0000-0000-000000000000'])}`,
      `after=${cursorOf([1, 2])}`,
      `after=${Buffer.from('{"a":1').toString('base64url')}`,
    ];
    for (const query of bad) {
      const res = await manager.get(`/api/v1/holidays/approvals?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { message: string } };
      if (query.startsWith('after=')) expect(body.error.message, query).toBe(HOLIDAY_MESSAGES.badCursor);
    }
    const after = (await (await manager.get('/api/v1/holidays/approvals?limit=200')).json()) as Page;
    expect(after).toEqual(before);
  });

  it("another company's cursor shows nothing of that company", async () => {
    const manager = await signedIn('manager@northwind.example');
    const page1 = (await (await manager.get('/api/v1/holidays/approvals?limit=1')).json()) as Page;
    const south = await signedIn('owner@southbank.example');
    const res = await south.get(`/api/v1/holidays/approvals?after=${page1.nextCursor}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    const north = new Set(submitted);
    expect(page.items.filter((i) => north.has(i.id))).toEqual([]);
  });

  it('builds every item of a page with one object layout', async () => {
    // An object literal that gains properties after a spread (`{ ...a, b }`) gets a layout (V8
    // "map") of its own; a page of 50 such items cost 0.4-0.6 ms more to build and serialise than
    // items sharing one layout (docs/performance.md). Timing is the bench's job; this checks the shape.
    v8.setFlagsFromString('--allow-natives-syntax');
    const haveSameLayout = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
      a: object,
      b: object,
    ) => boolean;
    const [me] = rowsOf<{ id: string; companyId: string; role: Principal['role'] }>(
      await app.admin.execute(sql`select u.id, p.company_id as "companyId", r.role
        from auth_users u join profiles p on p.id = u.id left join user_roles r on r.user_id = u.id
        where u.email = 'manager@northwind.example'`),
    );
    if (!me) throw new Error('the demo manager is missing');
    const principal: Principal = {
      user: { id: me.id, email: 'manager@northwind.example', emailVerified: true, name: 'Manager' },
      sessionId: 'layout-check',
      companyId: me.companyId,
      role: me.role,
      levels: {},
      dataVersions: {} as Principal['dataVersions'],
      mustChangePassword: false,
      ipAddress: null,
    };
    const { items } = await listMyApprovals(app.database.db, principal, { limit: 200 });
    expect(items.length).toBeGreaterThanOrEqual(submitted.length);
    for (const item of items.slice(1)) expect(haveSameLayout(items[0] as object, item)).toBe(true);
  });
});
