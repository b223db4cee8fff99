import type { PGlite } from '@electric-sql/pglite';
import { compareWorkOrderNumbers } from '@hr/shared/workshop/job-rules';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { adminInTenant, httpClient, type Json, json, useTestApp } from '../../../test/test-context.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { NO_DATA_VERSIONS } from '../../db/data-areas.ts';
import { companies, profiles, userPermissions } from '../../db/schema/core.ts';
import { bomProducts, componentDatabase, workOrders } from '../../db/schema/workshop.ts';
import { schema } from '../../db/schema.ts';
import { getJobBoard } from './board-reads.service.ts';

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
  return [...b.orders.jobs, ...b.stock.jobs, ...b.complete.jobs];
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
    await t.app.admin.execute(
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
    const wo1001 = b.orders.jobs.find((j: Json) => j.workOrderNumber === 'WO-1001');
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

    expect(b.stock.jobs.find((j: Json) => j.workOrderNumber === 'WO-1003')).toMatchObject({
      isOverdue: true,
      comments: 'Customer collecting in person.',
      partCounts: { total: 5, ready: 5, toOrder: 0, awaiting: 0 },
    });
    // A partial delivery is still awaited; the job stays in Orders.
    expect(b.orders.jobs.find((j: Json) => j.workOrderNumber === 'WO-1004').partCounts).toMatchObject({
      total: 6,
      awaiting: 1,
      toOrder: 0,
    });
    expect(b.stock.jobs.find((j: Json) => j.workOrderNumber === 'WO-1005')).toMatchObject({
      issued: true,
      status: 'in-progress',
    });
    expect(b.stock.jobs.find((j: Json) => j.workOrderNumber === 'WO-1007').partCounts).toEqual({
      total: 6,
      ready: 6,
      toOrder: 0,
      awaiting: 0,
    });
    expect(b.orders.jobs.find((j: Json) => j.workOrderNumber === 'WO-1002').status).toBe('in-progress');
    // Complete: the most recently created first (WO-1011 was created 20 days ago, WO-1010 30).
    expect(b.complete.jobs.map((j: Json) => j.workOrderNumber)).toEqual(['WO-1011', 'WO-1010']);
    expect(b.complete.jobs.every((j: Json) => j.isComplete && j.status === 'complete')).toBe(true);
    // Every list holds content, and the active lists never hold a completed job.
    expect(b.orders.jobs.length).toBeGreaterThan(0);
    expect(b.stock.jobs.length).toBeGreaterThan(0);
    expect([...b.orders.jobs, ...b.stock.jobs].some((j: Json) => j.isComplete)).toBe(false);
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
    const [row] = await t.app.admin
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
    expect(b.stock.jobs.slice(0, 2).map((j: Json) => j.workOrderNumber)).toEqual(['WO-1003', 'WO-1005']);
    expect(b.stock.jobs.slice(0, 2).every((j: Json) => !j.isNew)).toBe(true);
    expect(b.stock.jobs.slice(2).every((j: Json) => j.isNew)).toBe(true);
    expect(b.orders.jobs[0].workOrderNumber).toBe('WO-1001');
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
      sopDocuments: [expect.stringMatching(/^\/api\/v1\/documents\/file\?key=.+SOP-GBX-100\.pdf$/)],
      photos: [expect.stringMatching(/^\/api\/v1\/documents\/file\?key=.+GBX-100-front\.png$/)],
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
    const [row] = await t.app.admin.select().from(workOrders).where(eq(workOrders.id, job.id));
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
    const [row] = await t.app.admin.select().from(workOrders).where(eq(workOrders.id, job.id));
    expect(row?.status).toBe('in_progress');

    expect((await manager.call('PATCH', url, {})).status).toBe(400);
    expect((await manager.call('PATCH', url, { status: 'done' })).status).toBe(400);

    res = await manager.call('PATCH', url, { status: 'complete' });
    expect((await json(res)).job).toMatchObject({ isComplete: true, status: 'complete', list: 'complete' });
    const b = await board();
    expect([...b.orders.jobs, ...b.stock.jobs].some((j: Json) => j.id === job.id)).toBe(false);
    expect(b.complete.jobs.some((j: Json) => j.id === job.id)).toBe(true);
  });
});

describe('the schedule', () => {
  it('is kept per company on the server: reorder, mark scheduled, reset', async () => {
    const manager = await as('manager@northwind.example');
    const b = await board();
    const stockIds: string[] = b.stock.jobs.map((j: Json) => j.id);
    const reversed = [...stockIds].reverse();
    const saved = await manager.call('PUT', '/api/v1/workshop/schedule', {
      order: [...reversed, crypto.randomUUID()],
    });
    expect(saved.status).toBe(200);
    // Unknown ids are dropped.
    expect((await json(saved)).schedule).toEqual(reversed);
    // A colleague sees the same order.
    const seenByOwner = await board('owner@northwind.example');
    expect(seenByOwner.stock.jobs.map((j: Json) => j.id)).toEqual(reversed);
    expect(seenByOwner.stock.jobs.every((j: Json) => !j.isNew)).toBe(true);

    const reset = await manager.call('DELETE', '/api/v1/workshop/schedule');
    expect((await json(reset)).schedule).toEqual([]);
    const afterReset = await board();
    expect([...afterReset.orders.jobs, ...afterReset.stock.jobs].every((j: Json) => j.isNew)).toBe(true);

    const target = afterReset.orders.jobs[0].id;
    const marked = await manager.post('/api/v1/workshop/schedule/scheduled', { jobId: target });
    expect((await json(marked)).schedule).toEqual([target]);
    // Marking twice keeps one entry.
    const twice = await manager.post('/api/v1/workshop/schedule/scheduled', { jobId: target });
    expect((await json(twice)).schedule).toEqual([target]);
    expect((await jobByNumber(afterReset.orders.jobs[0].workOrderNumber)).isNew).toBe(false);

    // Two colleagues marking at once: both marks are kept (one read-modify-write at a time).
    const others = [...afterReset.orders.jobs, ...afterReset.stock.jobs]
      .map((j: Json) => j.id as string)
      .filter((id: string) => id !== target);
    const [second, third, fourth] = others as [string, string, string];
    const raced = await Promise.all([
      manager.post('/api/v1/workshop/schedule/scheduled', { jobId: second }),
      (await as('owner@northwind.example')).post('/api/v1/workshop/schedule/scheduled', { jobId: third }),
    ]);
    expect(raced.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set((await board()).schedule)).toEqual(new Set([target, second, third]));
    // A job completed since it was scheduled leaves the schedule at the next mark.
    const jobUrl = `/api/v1/workshop/jobs/${second}`;
    expect((await manager.call('PATCH', jobUrl, { status: 'complete' })).status).toBe(200);
    const pruned = await manager.post('/api/v1/workshop/schedule/scheduled', { jobId: fourth });
    const prunedSchedule: string[] = (await json(pruned)).schedule;
    expect(prunedSchedule).toEqual(expect.arrayContaining([target, third, fourth]));
    expect(prunedSchedule).not.toContain(second);
    expect((await manager.call('PATCH', jobUrl, { status: 'pending' })).status).toBe(200);

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
    const [northwindRow] = await t.app.admin
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
    const [unchanged] = await t.app.admin.select().from(workOrders).where(eq(workOrders.id, northwindJob.id));
    expect(unchanged).toEqual(northwindRow);
  });

  it('a user with no_access on orders gets 403 on the parts-ordering view and on ordering', async () => {
    const db = t.app.admin;
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

/** The Southbank company's id and its GBX-100 product (the bulk tests add work orders there). */
async function southbankFixture(): Promise<{ companyId: string; productId: string }> {
  const db = t.app.admin;
  const [row] = rowsOf<{ company_id: string; product_id: string }>(
    await db.execute(sql`select co.id as company_id, b.id as product_id from companies co
      join bom_products b on b.company_id = co.id and b.product_code = 'GBX-100'
      where co.name like 'Southbank%'`),
  );
  if (!row) throw new Error('Southbank is seeded');
  return { companyId: row.company_id, productId: row.product_id };
}

async function page(query: string, email = 'sam@southbank.example'): Promise<Response> {
  return (await as(email)).get(`/api/v1/workshop/job-page?${query}`);
}

async function storedList(id: string): Promise<string | null> {
  const [row] = await t.app.admin
    .select({ boardList: workOrders.boardList })
    .from(workOrders)
    .where(eq(workOrders.id, id));
  return row?.boardList ?? null;
}

/**
 * A BOM product of `slots` and four one-off jobs of it, the last needing ten units (more than a small
 * delivery leaves on the shelf). Returns the jobs' ids.
 */
async function fourJobsOf(
  companyId: string,
  product: { code: string; name: string; numberPrefix: string },
  slots: Partial<typeof bomProducts.$inferInsert>,
): Promise<string[]> {
  const db = t.app.admin;
  const productId = crypto.randomUUID();
  await db
    .insert(bomProducts)
    .values({ id: productId, companyId, productCode: product.code, productName: product.name, ...slots });
  const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
  await db.insert(workOrders).values(
    ids.map((id, i) => ({
      id,
      companyId,
      productId,
      productCode: product.code,
      productName: product.name,
      workOrderNumber: `${product.numberPrefix}-${i}`,
      quantityRequired: i === 3 ? 10 : 1,
    })),
  );
  return ids;
}

describe('the board pages (ADR 0024)', () => {
  it('stores every seeded job in the list its parts put it in', async () => {
    const rows = await t.app.admin
      .select({ id: workOrders.id, boardList: workOrders.boardList, number: workOrders.workOrderNumber })
      .from(workOrders);
    expect(rows.every((r) => r.boardList !== null)).toBe(true);
    for (const job of allJobs(await board()))
      expect(await storedList(job.id), job.workOrderNumber).toBe(job.list);
    // The generated sort key is the deadline `jobDeadline` computes (WO-1008 has no due date).
    const keys = await t.app.admin
      .select({ id: workOrders.id, boardDeadline: workOrders.boardDeadline })
      .from(workOrders);
    const keyOf = new Map(keys.map((k) => [k.id, k.boardDeadline]));
    for (const job of allJobs(await board()))
      expect(keyOf.get(job.id), job.workOrderNumber).toBe(job.deadline);
  });

  it('answers 400 with the error shape for bad query parameters, never 500', async () => {
    const manager = await as('manager@northwind.example');
    for (const url of [
      '/api/v1/workshop/jobs?limit=0',
      '/api/v1/workshop/jobs?limit=201',
      '/api/v1/workshop/jobs?limit=abc',
      '/api/v1/workshop/jobs?list=orders',
      '/api/v1/workshop/job-page?list=complete&offset=0',
      '/api/v1/workshop/job-page?list=orders',
      '/api/v1/workshop/job-page?list=orders&offset=-1',
      '/api/v1/workshop/job-page?list=orders&offset=1.5',
      '/api/v1/workshop/job-page?list=orders&offset=0&limit=1e9',
      "/api/v1/workshop/job-page?list=orders'--&offset=0",
    ]) {
      const res = await manager.get(url);
      expect(res.status, url).toBe(400);
      const { error } = await json(res);
      expect(error.code, url).toBe('VALIDATION_ERROR');
      expect(typeof error.message, url).toBe('string');
    }
    const res = await manager.get('/api/v1/workshop/job-page?list=stock&offset=0&limit=abc');
    expect((await json(res)).error.fields).toEqual({ limit: 'Limit must be a whole number from 1 to 200.' });
  });

  it('orders same-deadline jobs alike on the board pages and on /orders, mixed prefixes and cases too', async () => {
    const { companyId, productId } = await southbankFixture();
    const numbers = ['A10', 'B2', 'a2', 'WO-9', 'BULK-10', 'WO-10'];
    await t.app.admin.insert(workOrders).values(
      numbers.map((workOrderNumber) => ({
        companyId,
        productId,
        productCode: 'GBX-100',
        productName: 'Gearbox assembly',
        workOrderNumber,
        // Far more than the stock holds: every part is to order, so all six are in Orders.
        quantityRequired: 100_000,
        dueDate: '2031-01-15',
      })),
    );
    const expected = [...numbers].sort(compareWorkOrderNumbers);
    expect(expected).toEqual(['B2', 'a2', 'A10', 'WO-9', 'WO-10', 'BULK-10']);
    const mine = (jobs: Json[]) =>
      jobs.map((j) => j.workOrderNumber as string).filter((n) => numbers.includes(n));
    await board('sam@southbank.example');
    const onPages: string[] = [];
    const res = await page('list=orders&offset=0&limit=200');
    expect(res.status).toBe(200);
    onPages.push(...mine((await json(res)).jobs));
    expect(onPages).toEqual(expected);
    const orders = await json(await (await as('sam@southbank.example')).get('/api/v1/workshop/orders'));
    const onOrders = mine(orders.jobs);
    expect(onOrders).toEqual(expected);
    await adminInTenant(t.app.admin, companyId, (tx) =>
      tx
        .delete(workOrders)
        .where(
          and(
            eq(workOrders.companyId, companyId),
            sql`${workOrders.workOrderNumber} = any(${`{${numbers.join(',')}}`}::text[])`,
          ),
        ),
    );
  });

  it('needs Production View for the pages too', async () => {
    expect((await httpClient(t.app.app).get('/api/v1/workshop/job-page?list=orders&offset=0')).status).toBe(
      401,
    );
  });
});

describe('a big workshop', () => {
  it('pages 2,000 open work orders: scheduled first, then by deadline, with counts, in few statements', async () => {
    const db = t.app.admin;
    const { companyId, productId } = await southbankFixture();
    const today = new Date();
    // Deadlines spread over 40 days; numbers BULK-0..1999 so that natural order (BULK-9 < BULK-10) matters.
    await db.insert(workOrders).values(
      Array.from({ length: 2000 }, (_, i) => ({
        companyId,
        productId,
        productCode: 'GBX-100',
        productName: 'Gearbox assembly',
        workOrderNumber: `BULK-${i}`,
        quantityRequired: 1 + (i % 3),
        dueDate: new Date(today.getTime() + ((i * 7) % 40) * 86_400_000).toISOString().slice(0, 10),
      })),
    );
    const sam = await as('sam@southbank.example');
    // Raw inserts carry no list: the next board read computes them by the shared rules.
    const first = await board('sam@southbank.example');
    const all = await db
      .select({ id: workOrders.id, boardList: workOrders.boardList })
      .from(workOrders)
      .where(and(eq(workOrders.companyId, companyId), sql`${workOrders.status} <> 'completed'`));
    const counts = { orders: 0, stock: 0 };
    for (const row of all) counts[row.boardList as 'orders' | 'stock']++;
    expect(counts.orders + counts.stock).toBe(all.length);
    expect(first.orders.total).toBe(counts.orders);
    expect(first.stock.total).toBe(counts.stock);
    expect(first.orders.jobs).toHaveLength(Math.min(50, counts.orders));
    expect(first.orders.nextOffset).toBe(counts.orders > 50 ? 50 : null);

    // Schedule three jobs of the list that holds the bulk (the tail of the first page's new jobs).
    const big: 'orders' | 'stock' = counts.orders > counts.stock ? 'orders' : 'stock';
    const tail = first[big].jobs.slice(-3).map((j: Json) => j.id);
    expect((await sam.call('PUT', '/api/v1/workshop/schedule', { order: tail })).status).toBe(200);

    // Walk the whole list page by page.
    const seen: Json[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const res = await page(`list=${big}&offset=${offset}&limit=200`);
      expect(res.status).toBe(200);
      const p = await json(res);
      expect(p).toMatchObject({ list: big, offset, total: counts[big] });
      seen.push(...p.jobs);
      offset = p.nextOffset;
      pages++;
    }
    expect(pages).toBe(Math.ceil(counts[big] / 200));
    expect(new Set(seen.map((j) => j.id)).size).toBe(counts[big]);
    expect(seen.every((j) => j.list === big)).toBe(true);
    // Scheduled first, in schedule order, then new jobs by deadline, then number (natural order).
    expect(seen.slice(0, 3).map((j) => j.id)).toEqual(tail);
    expect(seen.slice(0, 3).every((j) => !j.isNew)).toBe(true);
    const fresh = seen.slice(3);
    expect(fresh.every((j) => j.isNew)).toBe(true);
    for (let i = 1; i < fresh.length; i++) {
      const a = fresh[i - 1] as Json;
      const b = fresh[i] as Json;
      const ordered =
        a.deadline < b.deadline ||
        (a.deadline === b.deadline &&
          (a.workOrderNumber.length < b.workOrderNumber.length ||
            (a.workOrderNumber.length === b.workOrderNumber.length &&
              a.workOrderNumber < b.workOrderNumber)));
      expect(ordered, `${a.workOrderNumber} ${a.deadline} before ${b.workOrderNumber} ${b.deadline}`).toBe(
        true,
      );
    }
    // The board's first page is the first page of the walk.
    const again = await board('sam@southbank.example');
    expect(again[big].jobs.map((j: Json) => j.id)).toEqual(seen.slice(0, 50).map((j) => j.id));
    // Past the end: an empty page, no next one.
    const past = await json(await page(`list=${big}&offset=${counts[big] + 10}`));
    expect(past).toMatchObject({ jobs: [], nextOffset: null, total: counts[big] });

    // Northwind never sees Southbank's jobs, on the board or in pages.
    const northwind = await board('manager@northwind.example');
    expect(allJobs(northwind).some((j) => j.workOrderNumber.startsWith('BULK-'))).toBe(false);
    expect(northwind.orders.total + northwind.stock.total).toBeLessThan(20);
    for (const list of ['orders', 'stock']) {
      const p = await json(await page(`list=${list}&offset=0&limit=200`, 'manager@northwind.example'));
      expect(p.jobs.some((j: Json) => j.workOrderNumber.startsWith('BULK-'))).toBe(false);
    }

    // A fixed number of statements, however many work orders: count what the board sends.
    const statements: string[] = [];
    // node-postgres logs begin and commit as statements too; they are not queries of the board.
    const logger = {
      logQuery: (query: string) => {
        if (!/^(begin|commit|rollback)\b/i.test(query.trim())) statements.push(query);
      },
    };
    const client = (t.app.database.db as unknown as { $client: unknown }).$client;
    const counting = (t.app.database.kind === 'postgres'
      ? drizzlePg(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger })) as unknown as Db;
    const [samProfile] = await db.select().from(profiles).where(eq(profiles.email, 'sam@southbank.example'));
    const principal = {
      user: {
        id: samProfile?.id as string,
        email: 'sam@southbank.example',
        emailVerified: true,
        name: 'Sam Reed',
      },
      sessionId: 'test',
      companyId,
      role: 'operative' as const,
      levels: {},
      dataVersions: NO_DATA_VERSIONS,
      mustChangePassword: false,
      ipAddress: null,
    };
    const direct = await getJobBoard(counting, principal, 50);
    expect(direct[big].jobs.map((j) => j.id)).toEqual(again[big].jobs.map((j: Json) => j.id));
    // The tenant set-up, and one statement for the head (stale-list probe, schedule, scheduled open
    // jobs, counts) and the pages' rows with their stored part counts (ADR 0160): no BOM slot or stock
    // is read. On PostgreSQL the two go in one round trip (ADR 0150).
    expect(statements).toHaveLength(2);
    expect(statements.some((q) => /component_database/.test(q))).toBe(false);
  });

  it('a receipt moves the other jobs waiting for that part from Orders to Stock', async () => {
    const db = t.app.admin;
    const { companyId } = await southbankFixture();
    // A product of one part with nothing on hand: three jobs of one unit each wait for it.
    await db.insert(componentDatabase).values({ companyId, partNumber: 'SHARE-1', component: 'Shared part' });
    const ids = await fourJobsOf(
      companyId,
      { code: 'SHR-1', name: 'Shared', numberPrefix: 'SHARE' },
      { c1: ' SHARE-1 ', q1: 1 },
    );
    await board('sam@southbank.example');
    expect(await Promise.all(ids.map(storedList))).toEqual(['orders', 'orders', 'orders', 'orders']);

    const [receiver, other1, other2, tooBig] = ids as [string, string, string, string];
    const owner = await as('owner@southbank.example');
    expect((await owner.post(orderUrl(receiver, 1), { quantity: 3 })).status).toBe(200);
    // Ordered, not yet received: the receiver still waits (awaiting), the others still to order.
    expect(await storedList(receiver)).toBe('orders');
    expect((await owner.post(receiveUrl(receiver, 1), { quantity: 3 })).status).toBe(200);
    // 3 on hand now: every one-unit job is covered, the ten-unit one is not.
    expect(await storedList(receiver)).toBe('stock');
    expect(await storedList(other1)).toBe('stock');
    expect(await storedList(other2)).toBe('stock');
    expect(await storedList(tooBig)).toBe('orders');
    // Each job's own parts agree with its stored list.
    for (const [id, list] of [
      [other1, 'stock'],
      [tooBig, 'orders'],
    ] as const) {
      expect((await json(await owner.get(`/api/v1/workshop/jobs/${id}`))).job.list).toBe(list);
    }
  });

  it('a receipt stores new part counts for every job waiting for the part, open or completed short', async () => {
    const db = t.app.admin;
    const { companyId } = await southbankFixture();
    // Two parts: one always on the shelf, one with nothing on hand that four jobs wait for.
    await db.insert(componentDatabase).values([
      { companyId, partNumber: 'COUNT-SHELF', component: 'Shelf part', quantityOnHand: 100 },
      { companyId, partNumber: 'COUNT-WAIT', component: 'Awaited part' },
    ]);
    const ids = await fourJobsOf(
      companyId,
      { code: 'CNT-1', name: 'Counted', numberPrefix: 'COUNT' },
      { c1: 'COUNT-SHELF', q1: 1, c2: 'COUNT-WAIT', q2: 1 },
    );
    const [receiver, waiting, finishedShort, tooBig] = ids as [string, string, string, string];
    const owner = await as('owner@southbank.example');
    await board('sam@southbank.example');
    // Scheduled, so each open one heads its list's first page whatever else the workshop holds.
    expect((await owner.call('PUT', '/api/v1/workshop/schedule', { order: ids })).status).toBe(200);
    const countsOnBoard = async () => {
      const jobs = allJobs(await board('sam@southbank.example'));
      return ids.map((id) => jobs.find((j) => j.id === id)?.partCounts);
    };
    const countsInDetails = async () =>
      Promise.all(
        ids.map(async (id) => {
          const { job } = await json(await owner.get(`/api/v1/workshop/jobs/${id}`));
          const states: string[] = job.parts.map((p: Json) => p.state);
          return {
            total: states.length,
            ready: states.filter((s) => s === 'in_stock' || s === 'received').length,
            toOrder: states.filter((s) => s === 'to_order').length,
            awaiting: states.filter((s) => s === 'ordered' || s === 'part_received').length,
          };
        }),
      );
    const short = { total: 2, ready: 1, toOrder: 1, awaiting: 0 };
    expect(await countsOnBoard()).toEqual([short, short, short, short]);
    // One job is completed before its part comes; the receiver orders three.
    expect(
      (await owner.call('PATCH', `/api/v1/workshop/jobs/${finishedShort}`, { status: 'complete' })).status,
    ).toBe(200);
    expect((await owner.post(orderUrl(receiver, 2), { quantity: 3 })).status).toBe(200);
    expect((await countsOnBoard())[0]).toEqual({ total: 2, ready: 1, toOrder: 0, awaiting: 1 });
    expect((await owner.post(receiveUrl(receiver, 2), { quantity: 3 })).status).toBe(200);
    // Three on the shelf: the one-unit jobs have every part, completed or not; the ten-unit one not.
    const ready = { total: 2, ready: 2, toOrder: 0, awaiting: 0 };
    expect(await countsOnBoard()).toEqual([ready, ready, ready, short]);
    expect(await countsOnBoard()).toEqual(await countsInDetails());
    expect(await storedList(waiting)).toBe('stock');
    expect(await storedList(finishedShort)).toBe('complete');
    expect(await storedList(tooBig)).toBe('orders');
    // Each list's total, kept by triggers (ADR 0160), is the number of open jobs stored in it.
    const totals = await board('sam@southbank.example');
    for (const list of ['orders', 'stock'] as const) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(workOrders)
        .where(and(eq(workOrders.companyId, companyId), eq(workOrders.boardList, list)));
      expect(totals[list].total, list).toBe(row?.n);
    }
  });

  it('a receipt raced by a change to another job waiting for the part leaves both lists right', async () => {
    const db = t.app.admin;
    const { companyId } = await southbankFixture();
    const owner = await as('owner@southbank.example');
    const sam = await as('sam@southbank.example');
    for (let round = 0; round < 8; round++) {
      // Two one-unit jobs of one part, none on hand: A receives its unit while B's status changes.
      const part = `RACE-${round}`;
      const productId = crypto.randomUUID();
      await db.insert(componentDatabase).values({ companyId, partNumber: part, component: 'Raced part' });
      await db.insert(bomProducts).values({
        id: productId,
        companyId,
        productCode: part,
        productName: 'Raced',
        c1: part,
        q1: 1,
      });
      const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
      await db.insert(workOrders).values(
        [a, b].map((id, i) => ({
          id,
          companyId,
          productId,
          productCode: part,
          productName: 'Raced',
          workOrderNumber: `${part}-${i}`,
          quantityRequired: 1,
        })),
      );
      await board('sam@southbank.example');
      expect((await owner.post(orderUrl(a, 1), { quantity: 1 })).status).toBe(200);
      const results = await Promise.all([
        owner.post(receiveUrl(a, 1), { quantity: 1 }),
        sam.call('PATCH', `/api/v1/workshop/jobs/${b}`, { status: 'in-progress' }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      // One unit on the shelf covers B (not ordered, so in stock) whichever committed first.
      expect([await storedList(a), await storedList(b)], part).toEqual(['stock', 'stock']);
      expect((await json(await owner.get(`/api/v1/workshop/jobs/${b}`))).job.list).toBe('stock');
    }
  });

  it('completing a job stores Complete and reopening stores its parts list again', async () => {
    const { companyId, productId } = await southbankFixture();
    const id = crypto.randomUUID();
    await t.app.admin.insert(workOrders).values({
      id,
      companyId,
      productId,
      productCode: 'GBX-100',
      productName: 'Gearbox assembly',
      workOrderNumber: 'REOPEN-1',
      quantityRequired: 1,
    });
    await board('sam@southbank.example');
    const open = await storedList(id);
    expect(open === 'orders' || open === 'stock').toBe(true);
    const owner = await as('owner@southbank.example');
    const url = `/api/v1/workshop/jobs/${id}`;
    expect((await owner.call('PATCH', url, { status: 'complete' })).status).toBe(200);
    expect(await storedList(id)).toBe('complete');
    let b = await board('sam@southbank.example');
    expect(b.complete.jobs.some((j: Json) => j.id === id)).toBe(true);
    expect([...b.orders.jobs, ...b.stock.jobs].some((j: Json) => j.id === id)).toBe(false);
    expect((await owner.call('PATCH', url, { status: 'pending' })).status).toBe(200);
    expect(await storedList(id)).toBe(open);
    b = await board('sam@southbank.example');
    expect(b.complete.jobs.some((j: Json) => j.id === id)).toBe(false);
  });
});

describe('the per-list counts (ADR 0160)', () => {
  it('follow every statement on work orders: inserts, moves, deletes, and a deleted company', async () => {
    const db = t.app.admin;
    const [company] = await db
      .insert(companies)
      .values({ name: 'Counted Ltd' })
      .returning({ id: companies.id });
    const companyId = company?.id as string;
    const counted = async () => {
      const rows = rowsOf<{ list: string; jobs: number }>(
        await db.execute(sql`select list, jobs from workshop_list_counts where company_id = ${companyId}`),
      );
      return Object.fromEntries(rows.map((r) => [r.list, r.jobs]));
    };
    const stored = { boardPartsTotal: 0, boardPartsReady: 0, boardPartsToOrder: 0, boardPartsAwaiting: 0 };
    const ids = Array.from({ length: 5 }, () => crypto.randomUUID());
    // The company's writes carry its tenant, as the product's do: the counting trigger reads in it.
    const inCompany = <T>(fn: (tx: Tx) => Promise<T>) => adminInTenant(db, companyId, fn);
    await inCompany((tx) =>
      tx.insert(workOrders).values(
        ids.map((id, i) => ({
          id,
          companyId,
          productCode: 'CNT',
          productName: 'Counted',
          workOrderNumber: `CNT-${i}`,
          boardList: (['orders', 'orders', 'stock', 'complete', null] as const)[i],
          ...(i < 4 ? stored : {}),
        })),
      ),
    );
    expect(await counted()).toEqual({ orders: 2, stock: 1 });
    // One statement moves a job Orders -> Stock and computes the uncomputed one into Orders.
    await inCompany((tx) =>
      tx.execute(sql`update work_orders set board_list = case id when ${ids[0]}::uuid then 'stock' else 'orders' end,
      board_parts_total = 0, board_parts_ready = 0, board_parts_to_order = 0, board_parts_awaiting = 0
      where id in (${ids[0]}::uuid, ${ids[4]}::uuid)`),
    );
    expect(await counted()).toEqual({ orders: 2, stock: 2 });
    // An update of anything else changes no count; a deletion takes the job off its list.
    await inCompany((tx) =>
      tx.update(workOrders).set({ notes: 'checked' }).where(eq(workOrders.companyId, companyId)),
    );
    await inCompany((tx) => tx.delete(workOrders).where(eq(workOrders.id, ids[2] as string)));
    expect(await counted()).toEqual({ orders: 2, stock: 1 });
    // Counts written past the triggers (an operator's bulk load) are set right by the rebuild.
    await db.execute(sql`update workshop_list_counts set jobs = 99 where company_id = ${companyId}`);
    await db.execute(sql`select app_workshop_list_counts_rebuild(${companyId}::uuid)`);
    expect(await counted()).toEqual({ orders: 2, stock: 1 });
    // Every company's, as the app's connection (the owner, no superuser on PostgreSQL): the statement
    // docs/operations.md gives, which under such an owner used to find no company (migration 0046).
    await db.execute(sql`update workshop_list_counts set jobs = 99 where company_id = ${companyId}`);
    await t.app.database.db.execute(sql`select app_summaries_rebuild_all()`);
    expect(await counted()).toEqual({ orders: 2, stock: 1 });
    // The trigger function refuses any table but work_orders: a look-alike cannot write counts. (One
    // transaction, so one connection: a temporary table lives on its connection.)
    const refusal = await db.transaction(async (tx) => {
      await tx.execute(sql`create temp table fake_work_orders (company_id uuid, board_list text)`);
      await tx.execute(sql`create trigger fake_counts after insert on fake_work_orders
        referencing new table as new_rows for each statement execute function app_work_orders_list_counts()`);
      const answer = await tx
        .transaction((savepoint) =>
          savepoint.execute(sql`insert into fake_work_orders values (${companyId}::uuid, 'orders')`),
        )
        .then(
          () => 'inserted',
          (err: unknown) => String((err as { cause?: Error }).cause?.message ?? err),
        );
      await tx.execute(sql`drop table fake_work_orders`);
      return answer;
    });
    expect(refusal).toContain('fires on work_orders only');
    expect(await counted()).toEqual({ orders: 2, stock: 1 });
    // Deleting the company deletes its work orders (cascade) and its counts, with no error.
    await inCompany((tx) => tx.delete(companies).where(eq(companies.id, companyId)));
    expect(await counted()).toEqual({});
  });
});

/** "Data shown must be true": a part is received only when the delivery covers its shortfall. */
describe('receiving covers the shortfall', () => {
  async function oneProductJob(partNumber: string, onHand: number, known = true) {
    const db = t.app.admin;
    const { companyId } = await southbankFixture();
    const productId = crypto.randomUUID();
    if (known)
      await db
        .insert(componentDatabase)
        .values({ companyId, partNumber, component: `Part ${partNumber}`, quantityOnHand: onHand });
    await db.insert(bomProducts).values({
      id: productId,
      companyId,
      productCode: `P-${partNumber}`,
      productName: 'Short order test',
      c1: partNumber,
      q1: 3,
    });
    const id = crypto.randomUUID();
    await db.insert(workOrders).values({
      id,
      companyId,
      productId,
      productCode: `P-${partNumber}`,
      productName: 'Short order test',
      workOrderNumber: `WO-${partNumber}`,
      quantityRequired: 1,
    });
    return id;
  }
  const partOf = async (id: string) => {
    const res = await (await as('owner@southbank.example')).get(`/api/v1/workshop/jobs/${id}`);
    expect(res.status).toBe(200);
    return (await json(res)).job;
  };

  it('an order short of the shortfall, fully received, is not Received and the job cannot be issued', async () => {
    const id = await oneProductJob('SHORT-1', 0);
    const owner = await as('owner@southbank.example');
    // Needs 3, none on hand: shortfall 3. Order 2 and receive both.
    expect((await owner.post(orderUrl(id, 1), { quantity: 2 })).status).toBe(200);
    const received = await owner.post(receiveUrl(id, 1), { quantity: 2 });
    expect(received.status).toBe(200);
    expect((await json(received)).job.parts[0]).toMatchObject({
      onHand: 2,
      orderQuantity: 1,
      quantityOrdered: 2,
      quantityReceived: 2,
      state: 'part_received',
      isReceived: false,
    });
    const job = await partOf(id);
    expect(job.list).toBe('orders');
    expect(await storedList(id)).toBe('orders');
    const issue = await owner.post(`/api/v1/workshop/jobs/${id}/issue`);
    expect(issue.status).toBe(409);
    expect((await json(issue)).error.message).toBe('This job still has parts to order or receive.');

    // Ordering the rest (3 in all) and receiving it covers the shortfall: Received, Stock, issuable.
    expect((await owner.post(orderUrl(id, 1), { quantity: 3 })).status).toBe(200);
    const rest = await owner.post(receiveUrl(id, 1), { quantity: 1 });
    expect((await json(rest)).job.parts[0]).toMatchObject({
      orderQuantity: 0,
      state: 'received',
      isReceived: true,
    });
    expect(await storedList(id)).toBe('stock');
    expect((await owner.post(`/api/v1/workshop/jobs/${id}/issue`)).status).toBe(200);
  });

  it('refuses to order a part the component database does not know, with a clear 400', async () => {
    const id = await oneProductJob('GHOST-1', 0, false);
    const owner = await as('owner@southbank.example');
    expect((await partOf(id)).parts[0]).toMatchObject({ known: false, state: 'to_order' });
    const res = await owner.post(orderUrl(id, 1), { quantity: 3 });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message:
        'This part is not in the component database, so it cannot be ordered. Add it to the component database first.',
    });
    expect((await partOf(id)).parts[0]).toMatchObject({ isOrdered: false, state: 'to_order' });
  });
});
