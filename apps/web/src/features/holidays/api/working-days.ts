/**
 * GET /api/v1/holidays/working-days?start=&end=&startHalfDay=&endHalfDay=: the server's cost of the
 * dates for the signed-in employee (their region and week), the bank holidays in them and the split
 * by holiday year.
 */
import type { WorkingDaysResponse } from '@hr/shared/hr/holidays.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export interface WorkingDaysSpan {
  start: string;
  end: string;
  startHalfDay?: boolean;
  endHalfDay?: boolean;
}

export function fetchWorkingDays(span: WorkingDaysSpan, signal?: AbortSignal): Promise<WorkingDaysResponse> {
  const params = new URLSearchParams({ start: span.start, end: span.end });
  if (span.startHalfDay) params.set('startHalfDay', 'true');
  if (span.endHalfDay) params.set('endHalfDay', 'true');
  return apiFetch<WorkingDaysResponse>(`/api/v1/holidays/working-days?${params}`, { signal });
}

export function workingDaysQueryOptions(span: WorkingDaysSpan) {
  return queryOptions({
    queryKey: holidayKeys.workingDays(
      span.start,
      span.end,
      Boolean(span.startHalfDay),
      Boolean(span.endHalfDay),
    ),
    queryFn: ({ signal }) => fetchWorkingDays(span, signal),
    staleTime: 5 * 60_000,
  });
}

/** Asks only once both dates are valid and in order. */
export function useWorkingDays(span: WorkingDaysSpan, enabled: boolean) {
  return useQuery({ ...workingDaysQueryOptions(span), enabled });
}
