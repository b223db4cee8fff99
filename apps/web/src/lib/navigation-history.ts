/** The last pages visited, kept for the breadcrumb's return-to-previous navigation. */
import { paths } from './paths.ts';
import { routeTitle } from './route-titles.ts';

export const HISTORY_LIMIT = 10;

export interface HistoryEntry {
  path: string;
  title: string;
  visitedAt: number;
}

function pathnameOf(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? path;
}

/**
 * Adds a visit. Revisiting the page at the top of the history does not add a duplicate, nor does a
 * change of query on the same page; only the
 * newest HISTORY_LIMIT entries are kept (oldest first).
 */
export function recordVisit(
  history: readonly HistoryEntry[],
  path: string,
  now = Date.now(),
): HistoryEntry[] {
  const last = history[history.length - 1];
  if (last?.path === path) return [...history];
  // Another tab or filter of the same page (only the query changed) replaces the entry, so "back"
  // leaves the page instead of stepping through its tabs.
  if (last && pathnameOf(last.path) === pathnameOf(path)) {
    return [...history.slice(0, -1), { ...last, path, visitedAt: now }];
  }
  const next = [...history, { path, title: routeTitle(path), visitedAt: now }];
  return next.slice(-HISTORY_LIMIT);
}

/** Where "back" goes from the current (last) entry; with nothing earlier it is / titled Main Dashboard. */
export function previousPage(history: readonly HistoryEntry[]): { path: string; title: string } {
  const previous = history[history.length - 2];
  if (previous) return { path: previous.path, title: previous.title };
  return { path: paths.home, title: 'Main Dashboard' };
}

/** Drops the current page, as navigating back does. */
export function popCurrent(history: readonly HistoryEntry[]): HistoryEntry[] {
  return history.slice(0, -1);
}
