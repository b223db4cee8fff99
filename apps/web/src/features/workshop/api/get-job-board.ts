/** GET /api/v1/workshop/jobs: the Orders, Stock and Complete lists in schedule order. */
import type { JobBoardResponse } from '@hr/shared/workshop/workshop.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { readCachedBoard, writeCachedBoard } from './board-cache';
import { workshopKeys } from './workshop-keys';

export async function getJobBoard(companyId: string | null, signal?: AbortSignal): Promise<JobBoardResponse> {
  const board = await apiFetch<JobBoardResponse>('/api/v1/workshop/jobs', { signal });
  writeCachedBoard(companyId, board);
  return board;
}

export const jobBoardQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: workshopKeys.board(companyId),
    queryFn: ({ signal }) => getJobBoard(companyId, signal),
    placeholderData: () => readCachedBoard(companyId),
  });

export function useJobBoard(companyId: string | null) {
  return useQuery(jobBoardQueryOptions(companyId));
}
