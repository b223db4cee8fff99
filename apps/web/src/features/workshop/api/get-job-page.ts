/**
 * GET /api/v1/workshop/job-page: the pages of Orders or Stock after the board's first page, fetched
 * when the user asks for more ("Load more"). The first page of each list comes with the board.
 */
import {
  BOARD_PAGE_SIZE,
  type JobPageResponse,
  type PagedJobList,
} from '@hr/shared/workshop/workshop.schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { workshopKeys } from './workshop-keys';

export function getJobPage(
  list: PagedJobList,
  offset: number,
  signal?: AbortSignal,
): Promise<JobPageResponse> {
  const query = new URLSearchParams({ list, offset: String(offset), limit: String(BOARD_PAGE_SIZE) });
  return apiFetch<JobPageResponse>(`/api/v1/workshop/job-page?${query}`, { signal });
}

export const morePagesQueryOptions = (companyId: string | null, list: PagedJobList) =>
  infiniteQueryOptions({
    queryKey: workshopKeys.morePages(companyId, list),
    queryFn: ({ pageParam, signal }) => getJobPage(list, pageParam, signal),
    // The board holds the first page (BOARD_PAGE_SIZE jobs); more starts after it.
    initialPageParam: BOARD_PAGE_SIZE,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** The further pages of a list; nothing is fetched until `enabled` (the first "Load more"). */
export function useMoreJobs(companyId: string | null, list: PagedJobList, enabled: boolean) {
  return useInfiniteQuery({ ...morePagesQueryOptions(companyId, list), enabled });
}
