/** GET /api/v1/cloud-storage: the switch, both providers and every document type's policy. */
import type { CloudStorageSettings } from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const cloudStorageQueryKey = ['cloud-storage'] as const;

export const cloudStorageQueryOptions = queryOptions({
  queryKey: cloudStorageQueryKey,
  queryFn: ({ signal }) => apiFetch<CloudStorageSettings>('/api/v1/cloud-storage', { signal }),
});

export function useCloudStorage() {
  return useQuery(cloudStorageQueryOptions);
}
