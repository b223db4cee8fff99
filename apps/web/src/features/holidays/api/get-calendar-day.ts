/**
 * GET /api/v1/holidays/calendar/day?date=yyyy-MM-dd&offset=&limit=: everyone away on one day, a page
 * at a time. Fetched when a calendar cell's "+N more" opens (or is about to: hover and focus prefetch).
 */
import { CALENDAR_DAY_PAGE } from '@hr/shared/hr/holiday-constants';
import type { CalendarDayResponse } from '@hr/shared/hr/holidays.schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchCalendarDay(
  date: string,
  offset: number,
  signal?: AbortSignal,
): Promise<CalendarDayResponse> {
  const params = new URLSearchParams({ date, offset: String(offset), limit: String(CALENDAR_DAY_PAGE) });
  return apiFetch<CalendarDayResponse>(`/api/v1/holidays/calendar/day?${params}`, { signal });
}

/** The offset of the page after `last`, or undefined once everyone is loaded. */
export function nextCalendarDayOffset(last: CalendarDayResponse): number | undefined {
  const next = last.offset + last.items.length;
  return last.items.length > 0 && next < last.total ? next : undefined;
}

export function calendarDayQueryOptions(date: string) {
  return infiniteQueryOptions({
    queryKey: holidayKeys.calendarDay(date),
    queryFn: ({ pageParam, signal }) => fetchCalendarDay(date, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextCalendarDayOffset,
  });
}

export function useCalendarDay(date: string) {
  return useInfiniteQuery(calendarDayQueryOptions(date));
}
