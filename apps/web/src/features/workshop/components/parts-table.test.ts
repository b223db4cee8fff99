import type { Part } from '@hr/shared/workshop/workshop.schemas';
import { describe, expect, it } from 'vitest';
import type { WorkshopAbilities } from '../workshop-access';
import { partActionsOf } from './parts-table';

const all: WorkshopAbilities = { canEditJobs: true, canOrder: true, canReceive: true };
const base: Part = {
  id: 'wo-1',
  index: 1,
  partNumber: 'PLC-24DC',
  name: 'Compact PLC',
  quantity: 3,
  onHand: 0,
  inStock: false,
  needsOrder: true,
  orderQuantity: 3,
  supplier: 'Automation Direct',
  known: true,
  isOrdered: false,
  quantityOrdered: 0,
  quantityReceived: 0,
  isReceived: false,
  isPartialDelivery: false,
  balanceToFollow: 0,
  state: 'to_order',
};

describe('the actions of a part', () => {
  it('orders what is short and changes an open order', () => {
    expect(partActionsOf(base, all, false)).toMatchObject({
      order: 'Order',
      receive: false,
      orderDefault: 3,
    });
    const ordered = { ...base, state: 'ordered' as const, isOrdered: true, quantityOrdered: 3 };
    expect(partActionsOf(ordered, all, false)).toMatchObject({
      order: 'Change',
      receive: true,
      orderDefault: 3,
    });
  });

  it('an order short of the shortfall, fully received: order more (the rest proposed), nothing to receive', () => {
    const short = {
      ...base,
      state: 'part_received' as const,
      isOrdered: true,
      quantityOrdered: 2,
      quantityReceived: 2,
      onHand: 2,
      orderQuantity: 1,
    };
    expect(partActionsOf(short, all, false)).toEqual({
      order: 'Order more',
      receive: false,
      orderDefault: 3,
      note: null,
    });
  });

  it('a partial delivery can be received, its order not topped up from here', () => {
    const partial = {
      ...base,
      state: 'part_received' as const,
      isOrdered: true,
      quantityOrdered: 3,
      quantityReceived: 1,
      onHand: 1,
      orderQuantity: 2,
      isPartialDelivery: true,
      balanceToFollow: 2,
    };
    expect(partActionsOf(partial, all, false)).toMatchObject({ order: null, receive: true });
  });

  it('a part the component database does not know is not offered for order, and says why', () => {
    expect(partActionsOf({ ...base, known: false }, all, false)).toMatchObject({
      order: null,
      note: 'Not in the component database: add it there to order it.',
    });
  });

  it('offers nothing on a completed job or without the levels', () => {
    expect(partActionsOf(base, all, true)).toMatchObject({ order: null, receive: false });
    expect(
      partActionsOf(base, { canEditJobs: true, canOrder: false, canReceive: false }, false),
    ).toMatchObject({ order: null, receive: false });
  });
});

describe('document link names', () => {
  it('names a stored document by its key, a plain link by its path', async () => {
    const { fileName } = await import('./job-details-dialog');
    expect(fileName('/api/v1/documents/file?key=0b4c%2Fworkshop%2FSOP-GBX-100.pdf')).toBe('SOP-GBX-100.pdf');
    expect(fileName('/docs/photos/GBX%20front.png')).toBe('GBX front.png');
  });
});
