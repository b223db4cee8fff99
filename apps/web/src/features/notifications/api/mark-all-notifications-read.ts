/** POST /api/v1/notifications/read-all */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return apiFetch('/api/v1/notifications/read-all', { method: 'POST', body: {} });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
