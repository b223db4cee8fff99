/**
 * Calendar feeds (issue 19, ADR 0099): GET/POST /api/v1/calendar-feeds, DELETE /api/v1/calendar-feeds/:id,
 * and the super admin's company setting GET/PUT /api/v1/calendar-feeds/settings.
 */
import type {
  CalendarFeedSettings,
  CalendarFeedsResponse,
  CreateCalendarFeedInput,
  CreatedCalendarFeed,
} from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import type { MessageResponse } from '@hr/shared/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

const feedKeys = {
  list: () => [...holidayKeys.all, 'calendar-feeds'] as const,
  settings: () => [...holidayKeys.all, 'calendar-feeds', 'settings'] as const,
};

export function useCalendarFeeds() {
  return useQuery({
    queryKey: feedKeys.list(),
    queryFn: ({ signal }) => apiFetch<CalendarFeedsResponse>('/api/v1/calendar-feeds', { signal }),
  });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCalendarFeedInput) =>
      apiFetch<CreatedCalendarFeed>('/api/v1/calendar-feeds', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.list() }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<MessageResponse>(`/api/v1/calendar-feeds/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.list() }),
  });
}

export function useCalendarFeedSettings(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.settings(),
    queryFn: ({ signal }) => apiFetch<CalendarFeedSettings>('/api/v1/calendar-feeds/settings', { signal }),
    enabled,
  });
}

export function useSaveCalendarFeedSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CalendarFeedSettings) =>
      apiFetch<CalendarFeedSettings>('/api/v1/calendar-feeds/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(feedKeys.settings(), saved);
      return queryClient.invalidateQueries({ queryKey: feedKeys.list() });
    },
  });
}
