/** GET /api/v1/cross-app/targets: the sister apps configured on the server (CRM_APP_URL, HR_APP_URL). */
import type { CrossAppTargetInfo } from '@hr/shared/cross-app/cross-app.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const crossAppTargetsQueryOptions = queryOptions({
  queryKey: ['cross-app', 'targets'],
  queryFn: ({ signal }) =>
    apiFetch<{ targets: CrossAppTargetInfo[] }>('/api/v1/cross-app/targets', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCrossAppTargets() {
  return useQuery(crossAppTargetsQueryOptions);
}
