/** GET /api/v1/holidays/regions: the region keys for public holidays (company default, employee override). */
import type { RegionsResponse } from '@hr/shared/leave/calendar-days.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export const regionsQueryOptions = queryOptions({
  queryKey: ['holidays', 'regions'] as const,
  queryFn: ({ signal }) => apiFetch<RegionsResponse>('/api/v1/holidays/regions', { signal }),
  // The list comes from the server's holiday data: it changes with a release, not during a session.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useRegions() {
  return useQuery(regionsQueryOptions);
}
