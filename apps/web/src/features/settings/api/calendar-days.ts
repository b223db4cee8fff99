/**
 * /api/v1/settings/calendar-days: the company's closure days and worked public holidays (list, add,
 * remove). A change refreshes the holiday screens too: their counts and bank holidays depend on it.
 */
import type {
  CompanyCalendarDayInput,
  CompanyCalendarDayItem,
  CompanyCalendarDaysResponse,
} from '@hr/shared/leave/calendar-days.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const calendarDaysQueryKey = ['settings', 'calendar-days'] as const;

export const calendarDaysQueryOptions = queryOptions({
  queryKey: calendarDaysQueryKey,
  queryFn: ({ signal }) =>
    apiFetch<CompanyCalendarDaysResponse>('/api/v1/settings/calendar-days', { signal }),
});

export function useCalendarDays() {
  return useQuery(calendarDaysQueryOptions);
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: calendarDaysQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['holidays'] }),
    ]);
}

export function useAddCalendarDay() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: CompanyCalendarDayInput) =>
      apiFetch<CompanyCalendarDayItem>('/api/v1/settings/calendar-days', {
        method: 'POST',
        body: input,
      }),
    onSuccess: refresh,
  });
}

export function useRemoveCalendarDay() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`/api/v1/settings/calendar-days/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}
