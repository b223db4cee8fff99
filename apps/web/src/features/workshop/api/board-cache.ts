/**
 * The last job board of a company, kept in browser storage so the schedule paints at once on the
 * next visit while the server is asked again. Too large a board is simply not cached.
 */
import type { JobBoardResponse } from '@hr/shared/workshop/workshop.schemas';

const MAX_CACHED_CHARS = 1_500_000;
/**
 * The board's first pages (ADR 0024). Older keys held every job as a full job (ADR 0022) or as a
 * summary (ADR 0023); they are removed on the next write and never read.
 */
const keyOf = (companyId: string) => `workshop:board-pages:${companyId}`;
const legacyKeysOf = (companyId: string) => [
  `workshop:board:${companyId}`,
  `workshop:board-summaries:${companyId}`,
];

const isListPage = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { jobs?: unknown }).jobs) &&
  typeof (value as { total?: unknown }).total === 'number';

export function readCachedBoard(companyId: string | null): JobBoardResponse | undefined {
  if (!companyId) return undefined;
  try {
    const text = window.localStorage.getItem(keyOf(companyId));
    if (!text) return undefined;
    const value = JSON.parse(text) as Partial<JobBoardResponse>;
    if (!isListPage(value.orders) || !isListPage(value.stock) || !isListPage(value.complete))
      return undefined;
    const board = value as JobBoardResponse;
    const first = board.orders.jobs[0] ?? board.stock.jobs[0] ?? board.complete.jobs[0];
    if (first && typeof first.partCounts !== 'object') return undefined;
    return value as JobBoardResponse;
  } catch {
    return undefined;
  }
}

export function writeCachedBoard(companyId: string | null, board: JobBoardResponse): void {
  if (!companyId) return;
  try {
    for (const key of legacyKeysOf(companyId)) window.localStorage.removeItem(key);
    const text = JSON.stringify(board);
    if (text.length > MAX_CACHED_CHARS) window.localStorage.removeItem(keyOf(companyId));
    else window.localStorage.setItem(keyOf(companyId), text);
  } catch {
    // Storage full or disabled: the board still comes from the server.
  }
}
