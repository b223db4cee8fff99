/** Job summaries for the workshop's component and cache tests: job `n` with the fields a card shows. */
import type { JobSummary } from '@hr/shared/workshop/workshop.schemas';

export function jobSummary(n: number, overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `GBX-100 - Gearbox ${n}`,
    workOrderNumber: `WO-${n}`,
    status: 'pending',
    deadline: '2030-03-11',
    isOverdue: false,
    isComplete: false,
    issued: false,
    comments: null,
    quantityRequired: 1,
    list: 'orders',
    isNew: true,
    partCounts: { total: 1, ready: 0, toOrder: 1, awaiting: 0 },
    ...overrides,
  };
}
