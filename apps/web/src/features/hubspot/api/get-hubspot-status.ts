/** GET /api/v1/hubspot/status: whether a HubSpot private-app token is configured on the server. */
import type { HubspotStatusResponse } from '@hr/shared/hubspot/hubspot.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const hubspotStatusQueryOptions = queryOptions({
  queryKey: ['hubspot', 'status'],
  queryFn: ({ signal }) => apiFetch<HubspotStatusResponse>('/api/v1/hubspot/status', { signal }),
});

export function useHubspotStatus() {
  return useQuery(hubspotStatusQueryOptions);
}
