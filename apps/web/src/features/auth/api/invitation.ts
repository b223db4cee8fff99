/**
 * The public side of an emailed invitation (ADR 0101): POST /api/invitations/lookup reads what the
 * link is for, POST /api/invitations/accept sets the password and signs in (the session is refetched).
 */
import type { AcceptInvitationRequest, InvitationLookup } from '@hr/shared/invitations/invitations.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';

export function lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationLookup> {
  return apiFetch<InvitationLookup>('/api/invitations/lookup', {
    method: 'POST',
    body: { token },
    signal,
  });
}

export function useInvitationLookup(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => lookupInvitation(token, signal),
    enabled: token !== '',
    // A used, expired or cancelled link stays so: asking again changes nothing.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function acceptInvitation(body: AcceptInvitationRequest): Promise<{ message: string; email: string }> {
  return apiFetch('/api/invitations/accept', { method: 'POST', body });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQueryKey }),
  });
}
