/** GET /api/v1/notifications: the user's newest 50 notifications and the unread count. */
import type { NotificationsResponse } from '@hr/shared/notifications/notifications.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return apiFetch<NotificationsResponse>('/api/v1/notifications', { signal });
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationsQueryKey,
  queryFn: ({ signal }) => getNotifications(signal),
  // Kept fresh by the live stream, not by polling.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
