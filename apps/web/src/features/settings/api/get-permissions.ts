/** GET /api/v1/settings/permissions: the company's users, the sections and the stored levels. */
import type { PermissionsResponse } from '@hr/shared/settings/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const permissionsQueryKey = ['settings', 'permissions'] as const;

export function getPermissions(signal?: AbortSignal): Promise<PermissionsResponse> {
  return apiFetch<PermissionsResponse>('/api/v1/settings/permissions', { signal });
}

export const permissionsQueryOptions = queryOptions({
  queryKey: permissionsQueryKey,
  queryFn: ({ signal }) => getPermissions(signal),
});

export function usePermissions() {
  return useQuery(permissionsQueryOptions);
}
