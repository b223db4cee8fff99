/** GET /api/v1/company: legal and trading name, logo and addresses. */
import type { CompanyDetails } from '@hr/shared/company/company-details.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const companyDetailsQueryKey = ['company-details'] as const;

export function getCompanyDetails(signal?: AbortSignal): Promise<CompanyDetails> {
  return apiFetch<CompanyDetails>('/api/v1/company', { signal });
}

export const companyDetailsQueryOptions = queryOptions({
  queryKey: companyDetailsQueryKey,
  queryFn: ({ signal }) => getCompanyDetails(signal),
});

export function useCompanyDetails() {
  return useQuery(companyDetailsQueryOptions);
}
