/** POST /api/v1/company/logo: an image file, stored in company-assets; the header logo reloads. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';
import { companyDetailsQueryKey } from './get-company-details';

export function uploadLogo(file: File): Promise<{ logoUrl: string }> {
  return apiUpload<{ logoUrl: string }>('/api/v1/company/logo', file);
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyDetailsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
