import type { JobBoardResponse } from '@hr/shared/workshop/workshop.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { jobSummary } from '../testing/job-summary';
import { readCachedBoard, writeCachedBoard } from './board-cache';

const COMPANY = '00000000-0000-4000-8000-0000000000aa';

const board: JobBoardResponse = {
  orders: {
    total: 1,
    nextOffset: null,
    jobs: [
      jobSummary(1001, {
        title: 'GBX-100 - Gearbox assembly',
        quantityRequired: 5,
        isNew: false,
        partCounts: { total: 5, ready: 4, toOrder: 1, awaiting: 0 },
      }),
    ],
  },
  stock: { jobs: [], total: 0, nextOffset: null },
  complete: { jobs: [], total: 0, nextOffset: null },
  schedule: ['00000000-0000-4000-8000-000000000001'],
  today: '2030-03-01',
};

afterEach(() => window.localStorage.clear());

describe('board cache', () => {
  it('keeps the last board of summaries per company', () => {
    writeCachedBoard(COMPANY, board);
    expect(readCachedBoard(COMPANY)).toEqual(board);
    expect(readCachedBoard('another')).toBeUndefined();
  });

  it('ignores and removes the boards cached before ADR 0024 (full jobs, then every summary)', () => {
    const summary = board.orders.jobs[0];
    const fullJobs = { ...board, orders: [{ ...summary, partCounts: undefined, parts: [] }] };
    const everySummary = { ...board, orders: [summary], stock: [], complete: [] };
    window.localStorage.setItem(`workshop:board:${COMPANY}`, JSON.stringify(fullJobs));
    window.localStorage.setItem(`workshop:board-summaries:${COMPANY}`, JSON.stringify(everySummary));
    window.localStorage.setItem(`workshop:board-pages:${COMPANY}`, JSON.stringify(everySummary));
    expect(readCachedBoard(COMPANY)).toBeUndefined();
    writeCachedBoard(COMPANY, board);
    expect(window.localStorage.getItem(`workshop:board:${COMPANY}`)).toBeNull();
    expect(window.localStorage.getItem(`workshop:board-summaries:${COMPANY}`)).toBeNull();
    expect(readCachedBoard(COMPANY)).toEqual(board);
  });
});
