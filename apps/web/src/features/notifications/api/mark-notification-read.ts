/** POST /api/v1/notifications/:id/read */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export function markNotificationRead(id: string): Promise<unknown> {
  return apiFetch(`/api/v1/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', body: {} });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
