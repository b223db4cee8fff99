/** PUT /api/v1/cloud-storage/policies/:documentType (secondary types only; the server refuses others). */
import type { DocumentPolicy, StorageLocation } from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cloudStorageQueryKey } from './get-cloud-storage';

export function useUpdateStoragePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      documentType,
      storageLocation,
    }: {
      documentType: string;
      storageLocation: StorageLocation;
    }) =>
      apiFetch<DocumentPolicy>(`/api/v1/cloud-storage/policies/${encodeURIComponent(documentType)}`, {
        method: 'PUT',
        body: { storageLocation },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudStorageQueryKey }),
  });
}
