/**
 * PUT /api/v1/workshop/schedule: the company's job order after a drag. The board is reordered in
 * the cache at once (optimistic) and rolled back if the server refuses.
 */
import { reorderSchedule } from '@hr/shared/workshop/job-rules';
import type {
  JobBoardResponse,
  JobPageResponse,
  JobSummary,
  ScheduleResponse,
} from '@hr/shared/workshop/workshop.schemas';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { writeCachedBoard } from './board-cache';
import { workshopKeys } from './workshop-keys';

export function saveSchedule(order: string[]): Promise<ScheduleResponse> {
  return apiFetch<ScheduleResponse>('/api/v1/workshop/schedule', { method: 'PUT', body: { order } });
}

export interface ReorderListInput {
  list: 'orders' | 'stock';
  /** The list's loaded job ids (first page and every page loaded since) in their new order. */
  ids: string[];
}

type MorePages = InfiniteData<JobPageResponse, number>;

/**
 * The loaded jobs of a list in their new order, spread back over the board's first page and the
 * loaded pages with their sizes unchanged, so a refetch asks for the same pages.
 */
export function reorderLoaded(
  board: JobBoardResponse,
  more: MorePages | undefined,
  { list, ids }: ReorderListInput,
): { board: JobBoardResponse; more: MorePages | undefined } {
  const loaded = [...board[list].jobs, ...(more?.pages.flatMap((p) => p.jobs) ?? [])];
  const byId = new Map(loaded.map((j) => [j.id, j]));
  const scheduled = new Set(ids);
  const mark = (j: JobSummary) => (scheduled.has(j.id) ? { ...j, isNew: false } : j);
  const reordered = ids
    .map((id) => byId.get(id))
    .filter((j): j is JobSummary => j !== undefined)
    .map(mark);
  let at = board[list].jobs.length;
  const nextBoard = {
    ...board,
    [list]: { ...board[list], jobs: reordered.slice(0, at) },
    schedule: reorderSchedule(board.schedule, ids),
  };
  const nextMore = more && {
    ...more,
    pages: more.pages.map((page) => {
      const jobs = reordered.slice(at, at + page.jobs.length);
      at += page.jobs.length;
      return { ...page, jobs };
    }),
  };
  return { board: nextBoard, more: nextMore };
}

export function useReorderList(companyId: string | null) {
  const queryClient = useQueryClient();
  const key = workshopKeys.board(companyId);
  return useMutation({
    mutationFn: async (input: ReorderListInput) => {
      const board = queryClient.getQueryData<JobBoardResponse>(key);
      return saveSchedule(reorderSchedule(board?.schedule ?? [], input.ids));
    },
    onMutate: async (input) => {
      const moreKey = workshopKeys.morePages(companyId, input.list);
      await queryClient.cancelQueries({ queryKey: key });
      await queryClient.cancelQueries({ queryKey: moreKey });
      const previous = queryClient.getQueryData<JobBoardResponse>(key);
      const previousMore = queryClient.getQueryData<MorePages>(moreKey);
      if (previous) {
        const next = reorderLoaded(previous, previousMore, input);
        queryClient.setQueryData(key, next.board);
        if (next.more) queryClient.setQueryData(moreKey, next.more);
        writeCachedBoard(companyId, next.board);
      }
      return { previous, previousMore, moreKey };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (context?.previousMore) queryClient.setQueryData(context.moreKey, context.previousMore);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
