/** PUT /api/v1/company: saves names and addresses; the header shows the new display name. */
import type { CompanyDetails, CompanyDetailsRequest } from '@hr/shared/company/company-details.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';
import { companyDetailsQueryKey } from './get-company-details';

export function updateCompanyDetails(body: CompanyDetailsRequest): Promise<CompanyDetails> {
  return apiFetch<CompanyDetails>('/api/v1/company', { method: 'PUT', body });
}

export function useUpdateCompanyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyDetails,
    onSuccess: (details) => {
      queryClient.setQueryData(companyDetailsQueryKey, details);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
