/**
 * PUT /api/v1/workshop/schedule: the company's job order after a drag. The board is reordered in
 * the cache at once (optimistic) and rolled back if the server refuses.
 */
import { reorderSchedule } from '@hr/shared/workshop/job-rules';
import type { JobBoardResponse, JobSummary, ScheduleResponse } from '@hr/shared/workshop/workshop.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { writeCachedBoard } from './board-cache';
import { workshopKeys } from './workshop-keys';

export function saveSchedule(order: string[]): Promise<ScheduleResponse> {
  return apiFetch<ScheduleResponse>('/api/v1/workshop/schedule', { method: 'PUT', body: { order } });
}

export interface ReorderListInput {
  list: 'orders' | 'stock';
  /** The list's job ids in their new order. */
  ids: string[];
}

function reorderBoard(board: JobBoardResponse, { list, ids }: ReorderListInput): JobBoardResponse {
  const byId = new Map(board[list].map((j) => [j.id, j]));
  const reordered = ids.map((id) => byId.get(id)).filter((j): j is JobSummary => j !== undefined);
  const scheduled = new Set(ids);
  const mark = (j: JobSummary) => (scheduled.has(j.id) ? { ...j, isNew: false } : j);
  return { ...board, [list]: reordered.map(mark), schedule: reorderSchedule(board.schedule, ids) };
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
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<JobBoardResponse>(key);
      if (previous) {
        const next = reorderBoard(previous, input);
        queryClient.setQueryData(key, next);
        writeCachedBoard(companyId, next);
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
