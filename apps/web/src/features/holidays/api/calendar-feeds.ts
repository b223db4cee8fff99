/** Calendar feeds (issue 19, ADR 0099): GET/POST /api/v1/calendar-feeds, DELETE /api/v1/calendar-feeds/:id. */
import type {
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
