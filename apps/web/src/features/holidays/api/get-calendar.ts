/**
 * GET /api/v1/holidays/calendar?month=yyyy-MM: per day of the month, how many people are away and
 * the first few by name (the grid's names; the rest come from get-calendar-day when asked for).
 */
import type { CalendarResponse } from '@hr/shared/hr/holidays.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchCalendar(month: string, signal?: AbortSignal): Promise<CalendarResponse> {
  return apiFetch<CalendarResponse>(`/api/v1/holidays/calendar?month=${encodeURIComponent(month)}`, {
    signal,
  });
}

export function calendarQueryOptions(month: string) {
  return queryOptions({
    queryKey: holidayKeys.calendar(month),
    queryFn: ({ signal }) => fetchCalendar(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCalendar(month: string) {
  return useQuery(calendarQueryOptions(month));
}
