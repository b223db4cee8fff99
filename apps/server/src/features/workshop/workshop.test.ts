import type { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { httpClient, type Json, json, useTestApp } from '../../../test/test-context.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { profiles, userPermissions } from '../../db/schema/core.ts';
import { componentDatabase, workOrders } from '../../db/schema/workshop.ts';
import { schema } from '../../db/schema.ts';
import { getJobBoard } from './workshop.service.ts';

const t = useTestApp();

type Client = ReturnType<typeof httpClient>;
const clients = new Map<string, Client>();
async function as(email: string): Promise<Client> {
  let client = clients.get(email);
  if (!client) {
    client = httpClient(t.app.app);
    await client.signIn(email);
    clients.set(email, client);
  }
  return client;
}

async function board(email = 'manager@northwind.example'): Promise<Json> {
  const res = await (await as(email)).get('/api/v1/workshop/jobs');
  expect(res.status).toBe(200);
  return json(res);
}

function allJobs(b: Json): Json[] {
  return [...b.orders, ...b.stock, ...b.complete];
}

/** A job's summary on the board. */
async function summaryByNumber(number: string, email?: string): Promise<Json> {
  const job = allJobs(await board(email)).find((j) => j.workOrderNumber === number);
  expect(job, number).toBeDefined();
  return job;
}

/** The full job behind a board card, from the details endpoint. */
async function jobByNumber(number: string, email = 'manager@northwind.example'): Promise<Json> {
  const summary = await summaryByNumber(number, email);
  const res = await (await as(email)).get(`/api/v1/workshop/jobs/${summary.id}`);
  expect(res.status).toBe(200);
  return (await json(res)).job;
}

const SUMMARY_KEYS = [
  'comments',
  'deadline',
  'id',
  'isComplete',
  'isNew',
  'isOverdue',
  'issued',
  'list',
  'partCounts',
  'quantityRequired',
  'status',
  'title',
  'workOrderNumber',
];

async function stockOf(partNumber: string, company = 'Northwind'): Promise<number> {
  const [row] = rowsOf<{ q: string }>(
    await t.app.database.db.execute(
      sql`select c.quantity_on_hand as q from component_database c join companies co on co.id = c.company_id
          where c.part_number = ${partNumber} and co.name like ${`${company}%`}`,
    ),
  );
  return Number(row?.q);
}

const orderUrl = (id: string, index: number) => `/api/v1/workshop/jobs/${id}/parts/${index}/order`;
const receiveUrl = (id: string, index: number) => `/api/v1/workshop/jobs/${id}/parts/${index}/receive`;

describe('the job board', () => {
  it('lists job summaries: what a card shows and the list each job is in', async () => {
    const b = await board();
    const wo1001 = b.orders.find((j: Json) => j.workOrderNumber === 'WO-1001');
    // Slot 3 (a drive shaft) is short; the four other parts are on the shelf.
    expect(wo1001).toEqual({
      id: expect.any(String),
      title: 'GBX-100 - Gearbox assembly',
      workOrderNumber: 'WO-1001',
      status: 'pending',
      deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      isOverdue: false,
      isComplete: false,
      issued: false,
      comments: null,
      quantityRequired: 5,
      list: 'orders',
      isNew: false,
      partCounts: { total: 5, ready: 4, toOrder: 1, awaiting: 0 },
    });
    // Narrow: no parts, documents, photos or issuer on the board.
    for (const job of allJobs(b)) expect(Object.keys(job).sort()).toEqual(SUMMARY_KEYS);

    expect(b.stock.find((j: Json) => j.workOrderNumber === 'WO-1003')).toMatchObject({
      isOverdue: true,
      comments: 'Customer collecting in person.',
      partCounts: { total: 5, ready: 5, toOrder: 0, awaiting: 0 },
    });
    // A partial delivery is still awaited; the job stays in Orders.
    expect(b.orders.find((j: Json) => j.workOrderNumber === 'WO-1004').partCounts).toMatchObject({
      total: 6,
      awaiting: 1,
      toOrder: 0,
    });
    expect(b.stock.find((j: Json) => j.workOrderNumber === 'WO-1005')).toMatchObject({
      issued: true,
      status: 'in-progress',
    });
    expect(b.stock.find((j: Json) => j.workOrderNumber === 'WO-1007').partCounts).toEqual({
      total: 6,
      ready: 6,
      toOrder: 0,
      awaiting: 0,
    });
    expect(b.orders.find((j: Json) => j.workOrderNumber === 'WO-1002').status).toBe('in-progress');
    // Complete: the most recently created first (WO-1011 was created 20 days ago, WO-1010 30).
    expect(b.complete.map((j: Json) => j.workOrderNumber)).toEqual(['WO-1011', 'WO-1010']);
    expect(b.complete.every((j: Json) => j.isComplete && j.status === 'complete')).toBe(true);
    // Every list holds content, and the active lists never hold a completed job.
    expect(b.orders.length).toBeGreaterThan(0);
    expect(b.stock.length).toBeGreaterThan(0);
    expect([...b.orders, ...b.stock].some((j: Json) => j.isComplete)).toBe(false);
  });

  it('each summary agrees with its full job (same rules, same counts, same list)', async () => {
    const manager = await as('manager@northwind.example');
    for (const summary of allJobs(await board())) {
      const res = await manager.get(`/api/v1/workshop/jobs/${summary.id}`);
      expect(res.status).toBe(200);
      const { job } = await json(res);
      const states: string[] = job.parts.map((p: Json) => p.state);
      expect(summary.partCounts, summary.workOrderNumber).toEqual({
        total: states.length,
        ready: states.filter((s) => s === 'in_stock' || s === 'received').length,
        toOrder: states.filter((s) => s === 'to_order').length,
        awaiting: states.filter((s) => s === 'ordered' || s === 'part_received').length,
      });
      for (const key of SUMMARY_KEYS.filter((k) => k !== 'partCounts'))
        expect(summary[key], `${summary.workOrderNumber} ${key}`).toEqual(job[key]);
    }
  });

  it('falls back to a deadline 7 days after creation', async () => {
    const [row] = await t.app.database.db
      .select({ createdAt: workOrders.createdAt })
      .from(workOrders)
      .where(eq(workOrders.workOrderNumber, 'WO-1008'))
      .limit(1);
    const job = await summaryByNumber('WO-1008');
    const expected = new Date((row as { createdAt: Date }).createdAt.getTime() + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(job.deadline).toBe(expected);
  });

  it('lists scheduled jobs first in schedule order, new jobs after them', async () => {
    const b = await board();
    expect(b.stock.slice(0, 2).map((j: Json) => j.workOrderNumber)).toEqual(['WO-1003', 'WO-1005']);
    expect(b.stock.slice(0, 2).every((j: Json) => !j.isNew)).toBe(true);
    expect(b.stock.slice(2).every((j: Json) => j.isNew)).toBe(true);
    expect(b.orders[0].workOrderNumber).toBe('WO-1001');
  });
});

describe('the job details', () => {
  it('returns the full job: parts, SOP documents, photos, notes and the issuer', async () => {
    const wo1001 = await jobByNumber('WO-1001');
    expect(wo1001).toMatchObject({
      title: 'GBX-100 - Gearbox assembly',
      type: 'work_order',
      status: 'pending',
      list: 'orders',
      sopDocuments: ['/docs/sop/SOP-GBX-100.pdf'],
      photos: ['/docs/photos/GBX-100-front.jpg'],
      issuedBy: null,
    });
    expect(wo1001.parts).toHaveLength(5);
    // Slot quantity 1 x 5 units; 3 on hand; shortfall 2.
    expect(wo1001.parts.find((p: Json) => p.partNumber === 'SHF-25-300')).toMatchObject({
      quantity: 5,
      onHand: 3,
      inStock: false,
      needsOrder: true,
      orderQuantity: 2,
      supplier: 'Precision Shafts',
      state: 'to_order',
      name: 'Drive shaft 25 mm x 300 mm',
    });
    expect(await jobByNumber('WO-1003')).toMatchObject({
      isOverdue: true,
      comments: 'Customer collecting in person.',
    });
    expect((await jobByNumber('WO-1004')).parts[0]).toMatchObject({
      state: 'part_received',
      quantityOrdered: 2,
      quantityReceived: 1,
      isPartialDelivery: true,
      balanceToFollow: 1,
    });
    const wo1005 = await jobByNumber('WO-1005');
    expect(wo1005).toMatchObject({ issued: true, issuedBy: { name: 'Maya Mitchell' } });
    expect(Date.parse(wo1005.issuedAt)).not.toBeNaN();
  });

  it('answers 404 with the job-not-found message for another company, a malformed or an unknown id', async () => {
    const northwindJob = await summaryByNumber('WO-1001');
    const southbank = await as('owner@southbank.example');
    for (const id of [northwindJob.id, 'not-a-uuid', crypto.randomUUID(), '1%20or%201=1']) {
      const res = await southbank.get(`/api/v1/workshop/jobs/${id}`);
      expect(res.status, id).toBe(404);
      expect((await json(res)).error).toEqual({ code: 'NOT_FOUND', message: 'Job not found.' });
    }
    // The owner of the job still reads it.
    expect(
      (await (await as('owner@northwind.example')).get(`/api/v1/workshop/jobs/${northwindJob.id}`)).status,
    ).toBe(200);
  });
});

describe('ordering and receiving parts', () => {
  it('order, partial delivery, then a full delivery raced by a duplicate: stock moves exactly once', async () => {
    const manager = await as('manager@northwind.example');
    const job = await jobByNumber('WO-1012');
    expect(job.list).toBe('orders');
    const impeller = job.parts.find((p: Json) => p.partNumber === 'IMP-450');
    expect(impeller).toMatchObject({ quantity: 2, onHand: 0, orderQuantity: 2, state: 'to_order' });
    const before = await stockOf('IMP-450');

    const ordered = await manager.post(orderUrl(job.id, impeller.index), { quantity: 2 });
    expect(ordered.status).toBe(200);
    expect((await json(ordered)).job.parts[0]).toMatchObject({
      state: 'ordered',
      isOrdered: true,
      quantityOrdered: 2,
    });

    const partial = await manager.post(receiveUrl(job.id, impeller.index), { quantity: 1 });
    expect(partial.status).toBe(200);
    expect((await json(partial)).job.parts[0]).toMatchObject({
      state: 'part_received',
      quantityReceived: 1,
      isPartialDelivery: true,
      balanceToFollow: 1,
      isReceived: false,
    });
    expect(await stockOf('IMP-450')).toBe(before + 1);

    // Two people book the last delivery at the same moment: one wins, the other is told why.
    const other = await as('owner@northwind.example');
    const results = await Promise.all([
      manager.post(receiveUrl(job.id, impeller.index), { quantity: 1 }),
      other.post(receiveUrl(job.id, impeller.index), { quantity: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = await json(results.find((r) => r.status === 400) as Response);
    expect(refused.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Received quantity cannot exceed the quantity ordered: 0 of 2 still to follow.',
    });
    expect(await stockOf('IMP-450')).toBe(before + 2);

    const after = await jobByNumber('WO-1012');
    expect(after.list).toBe('stock');
    expect(after.parts[0]).toMatchObject({
      state: 'received',
      isReceived: true,
      quantityReceived: 2,
      isPartialDelivery: false,
      balanceToFollow: 0,
    });
  });

  it('two concurrent partial deliveries are both counted, never lost', async () => {
    const manager = await as('manager@northwind.example');
    const admin = await as('admin@northwind.example');
    const job = await jobByNumber('WO-1001');
    const shaft = job.parts.find((p: Json) => p.partNumber === 'SHF-25-300');
    expect((await manager.post(orderUrl(job.id, shaft.index), { quantity: 4 })).status).toBe(200);
    const before = await stockOf('SHF-25-300');
    const results = await Promise.all([
      manager.post(receiveUrl(job.id, shaft.index), { quantity: 2 }),
      admin.post(receiveUrl(job.id, shaft.index), { quantity: 2 }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await stockOf('SHF-25-300')).toBe(before + 4);
    const after = (await jobByNumber('WO-1001')).parts.find((p: Json) => p.partNumber === 'SHF-25-300');
    expect(after).toMatchObject({ quantityReceived: 4, isReceived: true });
  });

  it('refuses a delivery above the ordered quantity with 400 and changes nothing', async () => {
    const manager = await as('manager@northwind.example');
    const job = await jobByNumber('WO-1002');
    const motor = job.parts.find((p: Json) => p.partNumber === 'MTR-1.5KW');
    expect(motor).toMatchObject({ state: 'ordered', quantityOrdered: 1 });
    const before = await stockOf('MTR-1.5KW');
    const res = await manager.post(receiveUrl(job.id, motor.index), { quantity: 2 });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Received quantity cannot exceed the quantity ordered: 1 of 1 still to follow.',
      fields: { quantity: 'Received quantity cannot exceed the quantity ordered: 1 of 1 still to follow.' },
    });
    expect(await stockOf('MTR-1.5KW')).toBe(before);
    expect(
      (await jobByNumber('WO-1002')).parts.find((p: Json) => p.index === motor.index).quantityReceived,
    ).toBe(0);
  });

  it('refuses receiving a part that was never ordered, bad quantities, and unknown parts', async () => {
    const manager = await as('manager@northwind.example');
    const job = await jobByNumber('WO-1006');
    const plc = job.parts.find((p: Json) => p.partNumber === 'PLC-24DC');
    const notOrdered = await manager.post(receiveUrl(job.id, plc.index), { quantity: 1 });
    expect(notOrdered.status).toBe(400);
    expect((await json(notOrdered)).error.message).toBe('This part has not been ordered yet.');

    for (const [body, message] of [
      [{ quantity: 0 }, 'Quantity must be greater than 0.'],
      [{ quantity: -3 }, 'Quantity must be greater than 0.'],
      [{ quantity: 1.234 }, 'Quantity can have at most 2 decimal places.'],
      [{ quantity: 'two' }, 'Quantity must be greater than 0.'],
      [{}, 'Quantity must be greater than 0.'],
    ] as const) {
      const res = await manager.post(orderUrl(job.id, plc.index), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.fields.quantity).toBe(message);
    }
    // Slot 7 of CTL-500 is empty; slot 21 does not exist; the id is not a uuid.
    expect((await manager.post(orderUrl(job.id, 7), { quantity: 1 })).status).toBe(404);
    expect((await manager.post(orderUrl(job.id, 21), { quantity: 1 })).status).toBe(404);
    expect((await manager.post(orderUrl('not-a-uuid', 1), { quantity: 1 })).status).toBe(404);
    expect((await manager.post(orderUrl(crypto.randomUUID(), 1), { quantity: 1 })).status).toBe(404);
    expect((await jobByNumber('WO-1006')).parts.find((p: Json) => p.index === plc.index).isOrdered).toBe(
      false,
    );
  });

  it('cannot lower an order below what was already received', async () => {
    const manager = await as('manager@northwind.example');
    const job = await jobByNumber('WO-1004');
    const res = await manager.post(orderUrl(job.id, 1), { quantity: 0.5 });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(
      'Ordered quantity cannot be less than the quantity already received (1).',
    );
  });
});

describe('issuing and status', () => {
  it('issue sets issued, issued_at and issued_by to the caller', async () => {
    const admin = await as('admin@northwind.example');
    const me = await json(await admin.get('/api/v1/me'));
    const job = await jobByNumber('WO-1009');
    expect(job).toMatchObject({ list: 'stock', issued: false });
    const res = await admin.post(`/api/v1/workshop/jobs/${job.id}/issue`);
    expect(res.status).toBe(200);
    const issued = (await json(res)).job;
    expect(issued.issued).toBe(true);
    expect(issued.issuedBy).toEqual({ id: me.user.id, name: 'Adam Archer' });
    expect(Date.now() - Date.parse(issued.issuedAt)).toBeLessThan(60_000);
    const [row] = await t.app.database.db.select().from(workOrders).where(eq(workOrders.id, job.id));
    expect(row?.issuedBy).toBe(me.user.id);

    const again = await admin.post(`/api/v1/workshop/jobs/${job.id}/issue`);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe('This job has already been issued.');
  });

  it('will not issue a job whose parts are still to order', async () => {
    const job = await jobByNumber('WO-1006');
    const res = await (await as('manager@northwind.example')).post(`/api/v1/workshop/jobs/${job.id}/issue`);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('This job still has parts to order or receive.');
  });

  it('maps status both ways, saves notes, and completing moves the job to Complete', async () => {
    const manager = await as('manager@northwind.example');
    const job = await jobByNumber('WO-1008');
    const url = `/api/v1/workshop/jobs/${job.id}`;
    let res = await manager.call('PATCH', url, { status: 'in-progress', notes: '  Paint it blue.  ' });
    expect(res.status).toBe(200);
    expect((await json(res)).job).toMatchObject({ status: 'in-progress', comments: 'Paint it blue.' });
    const [row] = await t.app.database.db.select().from(workOrders).where(eq(workOrders.id, job.id));
    expect(row?.status).toBe('in_progress');

    expect((await manager.call('PATCH', url, {})).status).toBe(400);
    expect((await manager.call('PATCH', url, { status: 'done' })).status).toBe(400);

    res = await manager.call('PATCH', url, { status: 'complete' });
    expect((await json(res)).job).toMatchObject({ isComplete: true, status: 'complete', list: 'complete' });
    const b = await board();
    expect([...b.orders, ...b.stock].some((j: Json) => j.id === job.id)).toBe(false);
    expect(b.complete.some((j: Json) => j.id === job.id)).toBe(true);
  });
});

describe('the schedule', () => {
  it('is kept per company on the server: reorder, mark scheduled, reset', async () => {
    const manager = await as('manager@northwind.example');
    const b = await board();
    const stockIds: string[] = b.stock.map((j: Json) => j.id);
    const reversed = [...stockIds].reverse();
    const saved = await manager.call('PUT', '/api/v1/workshop/schedule', {
      order: [...reversed, crypto.randomUUID()],
    });
    expect(saved.status).toBe(200);
    // Unknown ids are dropped.
    expect((await json(saved)).schedule).toEqual(reversed);
    // A colleague sees the same order.
    const seenByOwner = await board('owner@northwind.example');
    expect(seenByOwner.stock.map((j: Json) => j.id)).toEqual(reversed);
    expect(seenByOwner.stock.every((j: Json) => !j.isNew)).toBe(true);

    const reset = await manager.call('DELETE', '/api/v1/workshop/schedule');
    expect((await json(reset)).schedule).toEqual([]);
    const afterReset = await board();
    expect([...afterReset.orders, ...afterReset.stock].every((j: Json) => j.isNew)).toBe(true);

    const target = afterReset.orders[0].id;
    const marked = await manager.post('/api/v1/workshop/schedule/scheduled', { jobId: target });
    expect((await json(marked)).schedule).toEqual([target]);
    // Marking twice keeps one entry.
    const twice = await manager.post('/api/v1/workshop/schedule/scheduled', { jobId: target });
    expect((await json(twice)).schedule).toEqual([target]);
    expect((await jobByNumber(afterReset.orders[0].workOrderNumber)).isNew).toBe(false);

    expect((await manager.call('PUT', '/api/v1/workshop/schedule', { order: ['x'] })).status).toBe(400);
    expect(
      (await manager.post('/api/v1/workshop/schedule/scheduled', { jobId: crypto.randomUUID() })).status,
    ).toBe(404);
  });
});

describe('tenants and permissions', () => {
  it('company B can neither see nor change company A work orders', async () => {
    const northwindJob = await jobByNumber('WO-1001');
    const southbank = await as('owner@southbank.example');
    const b = await board('owner@southbank.example');
    const ids = allJobs(b).map((j) => j.id);
    expect(ids).not.toContain(northwindJob.id);
    const [northwindRow] = await t.app.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, northwindJob.id));

    for (const res of [
      await southbank.post(orderUrl(northwindJob.id, 1), { quantity: 1 }),
      await southbank.post(receiveUrl(northwindJob.id, 3), { quantity: 1 }),
      await southbank.post(`/api/v1/workshop/jobs/${northwindJob.id}/issue`),
      await southbank.call('PATCH', `/api/v1/workshop/jobs/${northwindJob.id}`, { status: 'complete' }),
      await southbank.post('/api/v1/workshop/schedule/scheduled', { jobId: northwindJob.id }),
    ]) {
      expect(res.status).toBe(404);
    }
    const saved = await southbank.call('PUT', '/api/v1/workshop/schedule', { order: [northwindJob.id] });
    expect((await json(saved)).schedule).toEqual([]);
    const [unchanged] = await t.app.database.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.id, northwindJob.id));
    expect(unchanged).toEqual(northwindRow);
  });

  it('a user with no_access on orders gets 403 on the parts-ordering view and on ordering', async () => {
    const db = t.app.database.db;
    const [tom] = await db.select().from(profiles).where(eq(profiles.email, 'tom@northwind.example'));
    if (!tom) throw new Error('tom is seeded');
    await db.insert(userPermissions).values([
      { companyId: tom.companyId as string, userId: tom.id, sectionId: 'orders', accessLevel: 'no_access' },
      { companyId: tom.companyId as string, userId: tom.id, sectionId: 'production', accessLevel: 'view' },
    ]);
    const client = httpClient(t.app.app);
    await client.signIn('tom@northwind.example');
    const job = await jobByNumber('WO-1013');
    const before = await db.select().from(workOrders).where(eq(workOrders.id, job.id));

    const orders = await client.get('/api/v1/workshop/orders');
    expect(orders.status).toBe(403);
    expect((await json(orders)).error).toEqual({
      code: 'FORBIDDEN',
      message: "You don't have permission to access this section.",
    });
    expect((await client.post(orderUrl(job.id, 2), { quantity: 5 })).status).toBe(403);
    // View on production reads the board and a job's details but cannot change a job.
    expect((await client.get('/api/v1/workshop/jobs')).status).toBe(200);
    expect((await client.get(`/api/v1/workshop/jobs/${job.id}`)).status).toBe(200);
    expect(
      (await client.call('PATCH', `/api/v1/workshop/jobs/${job.id}`, { status: 'complete' })).status,
    ).toBe(403);
    expect((await client.call('DELETE', '/api/v1/workshop/schedule')).status).toBe(403);
    expect(await db.select().from(workOrders).where(eq(workOrders.id, job.id))).toEqual(before);

    // No access on production: neither the board nor a job's details.
    await db
      .update(userPermissions)
      .set({ accessLevel: 'no_access' })
      .where(and(eq(userPermissions.userId, tom.id), eq(userPermissions.sectionId, 'production')));
    const blocked = httpClient(t.app.app);
    await blocked.signIn('tom@northwind.example');
    for (const url of ['/api/v1/workshop/jobs', `/api/v1/workshop/jobs/${job.id}`]) {
      const res = await blocked.get(url);
      expect(res.status, url).toBe(403);
      expect((await json(res)).error.code).toBe('FORBIDDEN');
    }

    // Everyone else keeps the default (full) access.
    const alice = await as('alice@northwind.example');
    expect((await alice.get('/api/v1/workshop/orders')).status).toBe(200);
  });

  it('the parts-ordering view lists only jobs with parts still to order or receive', async () => {
    const res = await (await as('alice@northwind.example')).get('/api/v1/workshop/orders');
    const { jobs } = await json(res);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j: Json) => j.list === 'orders')).toBe(true);
    expect(jobs.some((j: Json) => j.parts.some((p: Json) => p.state === 'to_order'))).toBe(true);
  });

  it('needs a session', async () => {
    expect((await httpClient(t.app.app).get('/api/v1/workshop/jobs')).status).toBe(401);
  });
});

describe('a big workshop', () => {
  it('lists 2,000 open work orders with their part counts', async () => {
    const db = t.app.database.db;
    const [component] = await db
      .select({ companyId: componentDatabase.companyId })
      .from(componentDatabase)
      .innerJoin(sql`companies co`, sql`co.id = ${componentDatabase.companyId}`)
      .where(and(eq(componentDatabase.partNumber, 'BRG-6204'), sql`co.name like 'Southbank%'`));
    const companyId = component?.companyId as string;
    const [product] = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from bom_products where company_id = ${companyId} and product_code = 'GBX-100'`,
      ),
    );
    await db.insert(workOrders).values(
      Array.from({ length: 2000 }, (_, i) => ({
        companyId,
        productId: product?.id ?? null,
        productCode: 'GBX-100',
        productName: 'Gearbox assembly',
        workOrderNumber: `BULK-${i}`,
        quantityRequired: 1 + (i % 3),
      })),
    );
    const b = await board('sam@southbank.example');
    const bulk = [...b.orders, ...b.stock].filter((j: Json) => j.workOrderNumber.startsWith('BULK-'));
    expect(bulk).toHaveLength(2000);
    expect(bulk.every((j: Json) => j.partCounts.total === 5)).toBe(true);

    // One round of queries, however many work orders: count the statements the board sends.
    const statements: string[] = [];
    // node-postgres logs begin and commit as statements too; they are not queries of the board.
    const logger = {
      logQuery: (query: string) => {
        if (!/^(begin|commit|rollback)\b/i.test(query.trim())) statements.push(query);
      },
    };
    const client = (db as unknown as { $client: unknown }).$client;
    const counting = (t.app.database.kind === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
    const [sam] = await db.select().from(profiles).where(eq(profiles.email, 'sam@southbank.example'));
    const principal = {
      user: { id: sam?.id as string, email: 'sam@southbank.example', emailVerified: true, name: 'Sam Reed' },
      sessionId: 'test',
      companyId,
      role: 'operative' as const,
      levels: {},
    };
    const direct = await getJobBoard(counting, principal);
    expect(direct.orders.length + direct.stock.length).toBe(b.orders.length + b.stock.length);
    // set_config, schedule, work orders (open and recently completed), product slots with their stock.
    expect(statements).toHaveLength(4);
  });
});
