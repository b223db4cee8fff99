/** GET /api/v1/holidays/working-days?start=&end=: the server's working-day count for the form. */
import type { WorkingDaysResponse } from '@hr/shared/hr/holidays.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchWorkingDays(
  start: string,
  end: string,
  signal?: AbortSignal,
): Promise<WorkingDaysResponse> {
  const params = new URLSearchParams({ start, end });
  return apiFetch<WorkingDaysResponse>(`/api/v1/holidays/working-days?${params}`, { signal });
}

export function workingDaysQueryOptions(start: string, end: string) {
  return queryOptions({
    queryKey: holidayKeys.workingDays(start, end),
    queryFn: ({ signal }) => fetchWorkingDays(start, end, signal),
    staleTime: 5 * 60_000,
  });
}

/** Asks only once both dates are valid and in order. */
export function useWorkingDays(start: string, end: string, enabled: boolean) {
  return useQuery({ ...workingDaysQueryOptions(start, end), enabled });
}
