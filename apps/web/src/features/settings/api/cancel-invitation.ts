/** DELETE /api/v1/settings/invitations/:id */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invitationsQueryKey } from './get-invitations';

export function cancelInvitation(id: string): Promise<{ message: string }> {
  return apiFetch(`/api/v1/settings/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
