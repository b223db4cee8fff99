/**
 * GET /api/v1/holidays/approvals?after=: requests waiting for the signed-in user's decision, a page at
 * a time, most recently submitted first (ADR 0155). "Load more" fetches the page after the last one
 * shown; a refetch (a decision, a live update) reloads every loaded page from the first.
 */
import type { ApprovalsResponse } from '@hr/shared/hr/holidays.schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchApprovals(after: string | null, signal?: AbortSignal): Promise<ApprovalsResponse> {
  const query = after === null ? '' : `?${new URLSearchParams({ after })}`;
  return apiFetch<ApprovalsResponse>(`/api/v1/holidays/approvals${query}`, { signal });
}

export const approvalsQueryOptions = infiniteQueryOptions({
  queryKey: holidayKeys.approvals(),
  queryFn: ({ pageParam, signal }) => fetchApprovals(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last: ApprovalsResponse) => last.nextCursor ?? undefined,
});

export function useApprovals(enabled = true) {
  return useInfiniteQuery({ ...approvalsQueryOptions, enabled });
}
