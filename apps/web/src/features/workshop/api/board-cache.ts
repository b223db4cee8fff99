/**
 * The last job board of a company, kept in browser storage so the schedule paints at once on the
 * next visit while the server is asked again. Too large a board is simply not cached.
 */
import type { JobBoardResponse } from '@hr/shared/workshop/workshop.schemas';

const MAX_CACHED_CHARS = 1_500_000;
/** Boards of job summaries (ADR 0023); the older key held full jobs and is removed on the next write. */
const keyOf = (companyId: string) => `workshop:board-summaries:${companyId}`;
const legacyKeyOf = (companyId: string) => `workshop:board:${companyId}`;

export function readCachedBoard(companyId: string | null): JobBoardResponse | undefined {
  if (!companyId) return undefined;
  try {
    const text = window.localStorage.getItem(keyOf(companyId));
    if (!text) return undefined;
    const value = JSON.parse(text) as Partial<JobBoardResponse>;
    if (!Array.isArray(value.orders) || !Array.isArray(value.stock) || !Array.isArray(value.complete))
      return undefined;
    const first = value.orders[0] ?? value.stock[0] ?? value.complete[0];
    if (first && typeof first.partCounts !== 'object') return undefined;
    return value as JobBoardResponse;
  } catch {
    return undefined;
  }
}

export function writeCachedBoard(companyId: string | null, board: JobBoardResponse): void {
  if (!companyId) return;
  try {
    window.localStorage.removeItem(legacyKeyOf(companyId));
    const text = JSON.stringify(board);
    if (text.length > MAX_CACHED_CHARS) window.localStorage.removeItem(keyOf(companyId));
    else window.localStorage.setItem(keyOf(companyId), text);
  } catch {
    // Storage full or disabled: the board still comes from the server.
  }
}
