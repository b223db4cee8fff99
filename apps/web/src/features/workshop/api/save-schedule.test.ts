import type { JobBoardResponse, JobPageResponse, JobSummary } from '@hr/shared/workshop/workshop.schemas';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jobSummary } from '../testing/job-summary';
import { reorderLoaded } from './save-schedule';

const job = (n: number, isNew = true): JobSummary =>
  jobSummary(n, {
    title: `Job ${n}`,
    list: 'stock',
    isNew,
    partCounts: { total: 1, ready: 1, toOrder: 0, awaiting: 0 },
  });
const empty = { jobs: [], total: 0, nextOffset: null };
const [a, b, c, d, e] = [1, 2, 3, 4, 5].map((n) => job(n, n !== 1)) as [
  JobSummary,
  JobSummary,
  JobSummary,
  JobSummary,
  JobSummary,
];
const other = '00000000-0000-4000-8000-0000000000ff';
const board: JobBoardResponse = {
  orders: empty,
  stock: { jobs: [a, b], total: 5, nextOffset: 2 },
  complete: empty,
  schedule: [a.id, other],
  today: '2030-03-01',
};
const more: InfiniteData<JobPageResponse, number> = {
  pages: [
    { list: 'stock', offset: 2, jobs: [c, d], total: 5, nextOffset: 4, today: '2030-03-01' },
    { list: 'stock', offset: 4, jobs: [e], total: 5, nextOffset: null, today: '2030-03-01' },
  ],
  pageParams: [2, 4],
};

describe('reorderLoaded', () => {
  it('reorders every loaded job of the list and keeps the page sizes, so a refetch asks for the same pages', () => {
    const ids = [e, a, b, c, d].map((j) => j.id);
    const next = reorderLoaded(board, more, { list: 'stock', ids });
    expect(next.board.stock.jobs.map((j) => j.workOrderNumber)).toEqual(['WO-5', 'WO-1']);
    expect(next.more?.pages.map((p) => p.jobs.map((j) => j.workOrderNumber))).toEqual([
      ['WO-2', 'WO-3'],
      ['WO-4'],
    ]);
    expect(next.more?.pageParams).toEqual([2, 4]);
    // The loaded ids first, then the rest of the schedule; moved jobs are no longer new.
    expect(next.board.schedule).toEqual([...ids, other]);
    expect(
      [...next.board.stock.jobs, ...(next.more?.pages.flatMap((p) => p.jobs) ?? [])].every((j) => !j.isNew),
    ).toBe(true);
    expect(next.board.stock.total).toBe(5);
  });

  it('works on the first page alone', () => {
    const next = reorderLoaded(board, undefined, { list: 'stock', ids: [b.id, a.id] });
    expect(next.board.stock.jobs.map((j) => j.workOrderNumber)).toEqual(['WO-2', 'WO-1']);
    expect(next.more).toBeUndefined();
  });
});
