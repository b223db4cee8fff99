/** GET /api/v1/settings/invitations: recently created users who have not signed in yet, newest first. */
import type { InvitationsResponse } from '@hr/shared/settings/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const invitationsQueryKey = ['settings', 'invitations'] as const;

export function getInvitations(signal?: AbortSignal): Promise<InvitationsResponse> {
  return apiFetch<InvitationsResponse>('/api/v1/settings/invitations', { signal });
}

export const invitationsQueryOptions = queryOptions({
  queryKey: invitationsQueryKey,
  queryFn: ({ signal }) => getInvitations(signal),
});

export function useInvitations() {
  return useQuery(invitationsQueryOptions);
}
