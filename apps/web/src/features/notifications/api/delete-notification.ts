/** DELETE /api/v1/notifications/:id */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export function deleteNotification(id: string): Promise<unknown> {
  return apiFetch(`/api/v1/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
