/** POST /api/v1/settings/invitations: emails a single-use link to sign in (ADR 0101). */
import type { SendInvitationRequest } from '@hr/shared/invitations/invitations.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invitationsQueryKey } from './get-invitations';

export function sendInvitation(
  body: SendInvitationRequest,
): Promise<{ message: string; invitation: { id: string; email: string; expiresAt: string } }> {
  return apiFetch('/api/v1/settings/invitations', { method: 'POST', body });
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
