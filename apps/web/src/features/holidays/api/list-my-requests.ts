/** GET /api/v1/holidays/requests?limit=: the signed-in user's own requests, newest first. */
import type { MyRequestsResponse } from '@hr/shared/hr/holidays.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchMyRequests(limit?: number, signal?: AbortSignal): Promise<MyRequestsResponse> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  return apiFetch<MyRequestsResponse>(`/api/v1/holidays/requests${query}`, { signal });
}

export function myRequestsQueryOptions(limit?: number) {
  return queryOptions({
    queryKey: holidayKeys.myRequests(limit),
    queryFn: ({ signal }) => fetchMyRequests(limit, signal),
  });
}

export function useMyRequests(limit?: number) {
  return useQuery(myRequestsQueryOptions(limit));
}
