import type { AccessLevel, SectionId } from '@hr/shared/permissions';
import { describe, expect, it } from 'vitest';
import { workshopAbilities } from './workshop-access';

const me = (levels: Partial<Record<SectionId, AccessLevel>>) => ({
  permissions: {
    production: 'full',
    orders: 'full',
    procurement: 'full',
    inventory: 'full',
    ...levels,
  } as Record<SectionId, AccessLevel>,
});

describe('workshopAbilities', () => {
  it.each([
    [{}, { canEditJobs: true, canOrder: true, canReceive: true }],
    [{ production: 'admin' }, { canEditJobs: true, canOrder: true, canReceive: true }],
    [{ production: 'view' }, { canEditJobs: false, canOrder: true, canReceive: true }],
    [{ orders: 'no_access' }, { canEditJobs: true, canOrder: false, canReceive: true }],
    [{ procurement: 'view' }, { canEditJobs: true, canOrder: false, canReceive: false }],
    [{ inventory: 'view' }, { canEditJobs: true, canOrder: true, canReceive: false }],
  ] as const)('%j gives %j', (levels, expected) => {
    expect(workshopAbilities(me(levels))).toEqual(expected);
  });

  it('gives nothing without a session', () => {
    expect(workshopAbilities(null)).toEqual({ canEditJobs: false, canOrder: false, canReceive: false });
  });
});
