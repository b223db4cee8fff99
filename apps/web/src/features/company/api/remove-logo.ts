/** DELETE /api/v1/company/logo: the company has no logo again; the header's logo goes. */
import type { CompanyDetails } from '@hr/shared/company/company-details.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { refreshLogo } from './upload-logo';

export function removeLogo(): Promise<CompanyDetails> {
  return apiFetch<CompanyDetails>('/api/v1/company/logo', { method: 'DELETE' });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeLogo, onSuccess: () => refreshLogo(queryClient) });
}
