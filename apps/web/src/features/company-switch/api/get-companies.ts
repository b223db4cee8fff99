/** GET /api/v1/companies: active companies ordered by name (developers only), read when the dialog opens. */
import type { CompaniesResponse } from '@hr/shared/company/company-details.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const companiesQueryKey = ['companies'] as const;

export function getCompanies(signal?: AbortSignal): Promise<CompaniesResponse> {
  return apiFetch<CompaniesResponse>('/api/v1/companies', { signal });
}

export const companiesQueryOptions = queryOptions({
  queryKey: companiesQueryKey,
  queryFn: ({ signal }) => getCompanies(signal),
});

export function useCompanies(enabled: boolean) {
  return useQuery({ ...companiesQueryOptions, enabled });
}
