/** Page planning of the board (ADR 0024): which scheduled ids and which slice of new jobs make a page. */
import type { PagedJobList } from '@hr/shared/workshop/workshop.schemas';
import type { BoardSlice } from './workshop.repository.ts';

/** Where a page of one list comes from: its scheduled jobs first (in schedule order), then new ones. */
export interface PagePlan {
  /** The scheduled ids on this page. */
  scheduledIds: string[];
  /** The slice of new jobs, when the page reaches past the scheduled ones. */
  fresh: Extract<BoardSlice, { kind: 'new' }> | null;
}

export function planPage(
  list: PagedJobList,
  scheduledInList: string[],
  schedule: readonly string[],
  offset: number,
  limit: number,
): PagePlan {
  const scheduledIds = scheduledInList.slice(offset, offset + limit);
  const rest = limit - scheduledIds.length;
  return {
    scheduledIds,
    fresh:
      rest > 0
        ? {
            kind: 'new',
            list,
            // Every scheduled job, whatever list it was on: new jobs are the unscheduled ones, and a
            // job that moved lists since the schedule was read must not come back as new.
            exclude: schedule,
            limit: rest,
            offset: Math.max(0, offset - scheduledInList.length),
          }
        : null,
  };
}
