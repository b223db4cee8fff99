/** GET /api/v1/security-events: the company's newest security events (super admins). */
import type { SecurityEventsResponse } from '@hr/shared/settings/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const securityEventsQueryKey = ['settings', 'security-events'] as const;

export function getSecurityEvents(signal?: AbortSignal): Promise<SecurityEventsResponse> {
  return apiFetch<SecurityEventsResponse>('/api/v1/security-events', { signal });
}

export const securityEventsQueryOptions = queryOptions({
  queryKey: securityEventsQueryKey,
  queryFn: ({ signal }) => getSecurityEvents(signal),
});

export function useSecurityEvents() {
  return useQuery(securityEventsQueryOptions);
}
