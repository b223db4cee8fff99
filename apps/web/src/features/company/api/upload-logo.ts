/** POST /api/v1/company/logo: an image file, stored in company-assets; the header logo reloads. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';
import { companyDetailsQueryKey } from './get-company-details';

export function uploadLogo(file: File): Promise<{ logoUrl: string }> {
  return apiUpload<{ logoUrl: string }>('/api/v1/company/logo', file);
}

/** After the logo changed: the form's details and the header's (from /me) are read again. */
export function refreshLogo(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: companyDetailsQueryKey }),
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
  ]);
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadLogo, onSuccess: () => refreshLogo(queryClient) });
}
