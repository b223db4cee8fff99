/** PUT /api/v1/cloud-storage/enabled */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cloudStorageQueryKey } from './get-cloud-storage';

export function useSetCloudStorageEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiFetch<{ enabled: boolean }>('/api/v1/cloud-storage/enabled', { method: 'PUT', body: { enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudStorageQueryKey }),
  });
}
