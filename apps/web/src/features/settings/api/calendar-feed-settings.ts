/** GET/PUT /api/v1/calendar-feeds/settings (super admins, ADR 0099): may employees subscribe to the whole company? */
import type { CalendarFeedSettings } from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const key = ['settings', 'calendar-feed-settings'] as const;

export function useCalendarFeedSettings(enabled: boolean) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<CalendarFeedSettings>('/api/v1/calendar-feeds/settings', { signal }),
    enabled,
  });
}

export function useSaveCalendarFeedSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarFeedSettings) =>
      apiFetch<CalendarFeedSettings>('/api/v1/calendar-feeds/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
