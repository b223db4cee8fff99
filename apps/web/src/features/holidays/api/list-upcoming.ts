/** GET /api/v1/holidays/upcoming: the next approved team holidays that have not ended. */
import type { UpcomingResponse } from '@hr/shared/hr/holidays.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchUpcoming(signal?: AbortSignal): Promise<UpcomingResponse> {
  return apiFetch<UpcomingResponse>('/api/v1/holidays/upcoming', { signal });
}

export const upcomingQueryOptions = queryOptions({
  queryKey: holidayKeys.upcoming(),
  queryFn: ({ signal }) => fetchUpcoming(signal),
});

export function useUpcomingHolidays() {
  return useQuery(upcomingQueryOptions);
}
