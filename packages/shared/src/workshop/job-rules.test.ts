import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ComponentStock,
  compareWorkOrderNumbers,
  countParts,
  deriveParts,
  isOverdue,
  jobDeadline,
  jobListOf,
  jobListOfCounts,
  orderJobs,
  type ProcurementEntry,
  reorderSchedule,
  settleProcurementEntry,
  summarizeParts,
  toDbStatus,
  toJobStatus,
} from './job-rules.ts';

const WO = '00000000-0000-4000-8000-000000000001';
const stock = new Map<string, ComponentStock>([
  ['BRG', { partNumber: 'BRG', component: 'Bearing', quantityOnHand: 10, vendor: 'Bearings Ltd' }],
  ['BLT', { partNumber: 'BLT', component: 'Bolt', quantityOnHand: 0, vendor: null }],
]);

function derive(
  slots: Array<[string | null, number | null]>,
  quantityRequired = 1,
  procurement: ProcurementEntry[] = [],
) {
  return deriveParts({
    workOrderId: WO,
    quantityRequired,
    slots: slots.map(([partNumber, quantity], i) => ({ index: i + 1, partNumber, quantity })),
    stock,
    procurement,
  });
}

describe('part derivation', () => {
  it.each([
    ['an empty slot', [[null, 2]], 0],
    ['a blank part number', [['  ', 2]], 0],
    ['a zero quantity', [['BRG', 0]], 0],
    ['a missing quantity', [['BRG', null]], 0],
    ['a negative quantity', [['BRG', -1]], 0],
    [
      'one set slot among empty ones',
      [
        [null, null],
        ['BRG', 1],
        ['', 0],
      ],
      1,
    ],
  ] as Array<[string, Array<[string | null, number | null]>, number]>)('%s gives %i parts', (_, slots, n) => {
    expect(derive(slots)).toHaveLength(n);
  });

  it.each([
    // [slot quantity, work order quantity, on hand 10 -> inStock, shortfall]
    ['exact stock', 10, 1, true, 0],
    ['one short', 11, 1, false, 1],
    ['multi-quantity order in stock', 2, 5, true, 0],
    ['multi-quantity order short', 3, 4, false, 2],
    ['fractional quantities', 2.5, 3, true, 0],
  ] as Array<[string, number, number, boolean, number]>)('%s', (_, q, qty, inStock, shortfall) => {
    const [part] = derive([['BRG', q]], qty);
    expect(part?.quantity).toBe(Math.round(q * qty * 100) / 100);
    expect(part?.inStock).toBe(inStock);
    expect(part?.needsOrder).toBe(!inStock);
    expect(part?.orderQuantity).toBe(shortfall);
    expect(part?.state).toBe(inStock ? 'in_stock' : 'to_order');
    expect(part?.supplier).toBe('Bearings Ltd');
    expect(part?.id).toBe(`${WO}-1`);
  });

  it('names an unknown component by its part number with nothing on hand', () => {
    const [part] = derive([['XYZ-1', 2]]);
    expect(part).toMatchObject({ name: 'XYZ-1', onHand: 0, inStock: false, orderQuantity: 2, known: false });
  });

  it.each([
    // [case, ordered, received, on hand after the deliveries, state]; BLT needs 5.
    ['ordered, nothing received', 5, 0, 0, 'ordered'],
    ['part received', 5, 2, 2, 'part_received'],
    ['fully received', 5, 5, 5, 'received'],
    ['ordered short of the shortfall and fully received: not received', 4, 4, 4, 'part_received'],
  ] as Array<[string, number, number, number, string]>)('%s', (_, ordered, received, onHand, state) => {
    const entry = settleProcurementEntry({
      partId: `${WO}-2`,
      quantityOrdered: ordered,
      quantityReceived: received,
    });
    const input = {
      workOrderId: WO,
      quantityRequired: 1,
      slots: [
        { index: 1, partNumber: 'BRG', quantity: 1 },
        { index: 2, partNumber: 'BLT', quantity: 5 },
      ],
      stock: new Map([
        ...stock,
        ['BLT', { partNumber: 'BLT', component: 'Bolt', quantityOnHand: onHand, vendor: null }],
      ]),
      procurement: [entry],
    };
    const parts = deriveParts(input);
    const part = parts[1];
    expect(part?.state).toBe(state);
    expect(part?.isReceived).toBe(state === 'received');
    expect(part?.orderQuantity).toBe(Math.max(0, 5 - onHand));
    expect(part?.quantityOrdered).toBe(ordered);
    expect(part?.quantityReceived).toBe(received);
    // The job is ready (Stock) only when every part is in stock or fully received, on the card too.
    const list = state === 'received' ? 'stock' : 'orders';
    expect(jobListOf(false, parts)).toBe(list);
    expect(jobListOfCounts(false, summarizeParts(input))).toBe(list);
  });
});

describe('procurement entries', () => {
  it.each([
    [10, 0, { isOrdered: true, isReceived: false, isPartialDelivery: false, balanceToFollow: 0 }],
    [10, 4, { isOrdered: true, isReceived: false, isPartialDelivery: true, balanceToFollow: 6 }],
    [10, 10, { isOrdered: true, isReceived: true, isPartialDelivery: false, balanceToFollow: 0 }],
    [0.3, 0.1, { isPartialDelivery: true, balanceToFollow: 0.2 }],
  ])('ordered %d, received %d', (ordered, received, expected) => {
    expect(
      settleProcurementEntry({ partId: 'p', quantityOrdered: ordered, quantityReceived: received }),
    ).toMatchObject(expected);
  });
});

describe('job lists', () => {
  it.each([
    [false, [], 'stock'],
    [false, ['in_stock', 'received'], 'stock'],
    [false, ['in_stock', 'to_order'], 'orders'],
    [false, ['ordered'], 'orders'],
    [false, ['part_received', 'in_stock'], 'orders'],
    [true, ['to_order'], 'complete'],
  ] as const)('complete %s with parts %j is listed in %s', (complete, states, list) => {
    expect(
      jobListOf(
        complete,
        states.map((state) => ({ state })),
      ),
    ).toBe(list);
  });
});

describe('part counts (the job board)', () => {
  it('counts ready, to order and awaiting parts', () => {
    expect(
      countParts(
        ['in_stock', 'received', 'to_order', 'ordered', 'part_received', 'to_order'].map((state) => ({
          state: state as 'in_stock',
        })),
      ),
    ).toEqual({ total: 6, ready: 2, toOrder: 2, awaiting: 2 });
    expect(countParts([])).toEqual({ total: 0, ready: 0, toOrder: 0, awaiting: 0 });
  });

  it.each([
    [false, { total: 0, ready: 0 }, 'stock'],
    [false, { total: 3, ready: 3 }, 'stock'],
    [false, { total: 3, ready: 2 }, 'orders'],
    [true, { total: 3, ready: 0 }, 'complete'],
  ] as const)('complete %s with counts %j is listed in %s', (complete, counts, list) => {
    expect(jobListOfCounts(complete, counts)).toBe(list);
  });

  it('summarizeParts agrees with deriveParts for any slots, stock and procurement', () => {
    const partNumbers = ['A', ' B ', 'C', '', 'UNKNOWN'];
    const quantity = fc.option(
      fc.integer({ min: -200, max: 2000 }).map((n) => n / 100),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.option(fc.constantFrom(...partNumbers), { nil: null }), quantity), {
          maxLength: 20,
        }),
        fc.integer({ min: -1, max: 12 }),
        fc.record({
          A: fc.integer({ min: 0, max: 5000 }).map((n) => n / 100),
          B: fc.integer({ min: 0, max: 5000 }).map((n) => n / 100),
          C: fc.integer({ min: 0, max: 5000 }).map((n) => n / 100),
        }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 20 }),
            fc.integer({ min: 0, max: 30 }),
            fc.integer({ min: 0, max: 30 }),
          ),
          { maxLength: 6 },
        ),
        (slotList, quantityRequired, onHand, orders) => {
          const slots = slotList.map(([partNumber, q], i) => ({ index: i + 1, partNumber, quantity: q }));
          const fullStock = new Map<string, ComponentStock>(
            Object.entries(onHand).map(([partNumber, quantityOnHand]) => [
              partNumber,
              { partNumber, component: partNumber, quantityOnHand, vendor: null },
            ]),
          );
          const onHandOnly = new Map(
            Object.entries(onHand).map(([partNumber, quantityOnHand]) => [partNumber, { quantityOnHand }]),
          );
          const procurement = orders.map(([index, ordered, received]) =>
            settleProcurementEntry({
              partId: `${WO}-${index}`,
              quantityOrdered: ordered,
              quantityReceived: Math.min(received, ordered),
            }),
          );
          const parts = deriveParts({
            workOrderId: WO,
            quantityRequired,
            slots,
            stock: fullStock,
            procurement,
          });
          const counts = summarizeParts({
            workOrderId: WO,
            quantityRequired,
            slots,
            stock: onHandOnly,
            procurement,
          });
          expect(counts).toEqual(countParts(parts));
          expect(jobListOfCounts(false, counts)).toBe(jobListOf(false, parts));
        },
      ),
    );
  });
});

describe('status mapping', () => {
  it.each([
    ['pending', 'pending'],
    ['in_progress', 'in-progress'],
    ['completed', 'complete'],
    ['anything', 'pending'],
  ])('database %s is shown as %s', (db, shown) => {
    expect(toJobStatus(db)).toBe(shown);
  });

  it.each([
    [{ status: 'pending' }, 'pending'],
    [{ status: 'in-progress' }, 'in_progress'],
    [{ status: 'complete' }, 'completed'],
    [{ status: 'in-progress', isComplete: true }, 'completed'],
    [{ status: 'pending', isComplete: true }, 'completed'],
    [{ status: 'whatever' }, 'pending'],
  ])('%j is saved as %s', (job, db) => {
    expect(toDbStatus(job)).toBe(db);
  });
});

describe('deadline', () => {
  it.each([
    ['2026-12-01', '2026-11-23T10:00:00Z', '2026-12-01'],
    [null, '2026-11-23T10:00:00Z', '2026-11-30'],
    [undefined, '2026-12-28T23:30:00Z', '2027-01-04'],
    ['', '2026-02-25T00:00:00Z', '2026-03-04'],
  ])('due %s, created %s -> %s', (due, created, expected) => {
    expect(jobDeadline(due, new Date(created))).toBe(expected);
  });

  it.each([
    ['2026-11-22', '2026-11-23', false, true],
    ['2026-11-23', '2026-11-23', false, false],
    ['2026-11-22', '2026-11-23', true, false],
  ] as const)('deadline %s on %s (complete %s) overdue %s', (deadline, today, complete, expected) => {
    expect(isOverdue(deadline, today, complete)).toBe(expected);
  });
});

describe('scheduling', () => {
  const job = (id: string, deadline: string, workOrderNumber = id) => ({ id, deadline, workOrderNumber });

  it('puts scheduled jobs first in schedule order, then new ones by deadline', () => {
    const jobs = [
      job('a', '2026-12-05'),
      job('b', '2026-12-01'),
      job('c', '2026-12-03'),
      job('d', '2026-12-09'),
    ];
    expect(orderJobs(jobs, ['d', 'c']).map((j) => j.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(orderJobs(jobs, []).map((j) => j.id)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('breaks deadline ties by work order number', () => {
    const jobs = [job('x', '2026-12-01', 'WO-10'), job('y', '2026-12-01', 'WO-9')];
    expect(orderJobs(jobs, []).map((j) => j.id)).toEqual(['y', 'x']);
  });

  it('breaks ties by length, then character, as the board SQL does (mixed prefixes and cases too)', () => {
    const jobs = [
      job('1', '2026-12-01', 'A10'),
      job('2', '2026-12-01', 'B2'),
      job('3', '2026-12-01', 'a2'),
      job('4', '2026-12-01', 'BULK-10'),
      job('5', '2026-12-01', 'WO-9'),
    ];
    expect(orderJobs(jobs, []).map((j) => j.workOrderNumber)).toEqual(['B2', 'a2', 'A10', 'WO-9', 'BULK-10']);
  });

  it('orders same-prefix numbers naturally and is a total order over any numbers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^(WO|BULK|wo)-[1-9][0-9]{0,3}$/), { maxLength: 30 }),
        (numbers) => {
          const jobs = numbers.map((n, i) => job(String(i), '2026-12-01', n));
          const ordered = orderJobs(jobs, []).map((j) => j.workOrderNumber);
          // Within one prefix, the numbers come out in numeric order.
          for (const prefix of ['WO-', 'BULK-', 'wo-']) {
            const values = ordered
              .filter((n) => n.startsWith(prefix))
              .map((n) => Number(n.slice(prefix.length)));
            expect(values).toEqual([...values].sort((x, y) => x - y));
          }
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(Math.sign(compareWorkOrderNumbers(a, b)) + Math.sign(compareWorkOrderNumbers(b, a))).toBe(0);
        expect(compareWorkOrderNumbers(a, b) === 0).toBe(a === b);
      }),
    );
  });

  it('reorders one list and keeps the rest of the schedule', () => {
    expect(reorderSchedule(['a', 'b', 'c', 'd'], ['c', 'a', 'e'])).toEqual(['c', 'a', 'e', 'b', 'd']);
    expect(reorderSchedule([], ['a'])).toEqual(['a']);
  });
});
