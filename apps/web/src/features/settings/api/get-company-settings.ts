/** GET /api/v1/settings/company: the company's settings, with the spec's defaults where unset. */
import type { CompanySettings } from '@hr/shared/settings/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const companySettingsQueryKey = ['settings', 'company'] as const;

export function getCompanySettings(signal?: AbortSignal): Promise<CompanySettings> {
  return apiFetch<CompanySettings>('/api/v1/settings/company', { signal });
}

export const companySettingsQueryOptions = queryOptions({
  queryKey: companySettingsQueryKey,
  queryFn: ({ signal }) => getCompanySettings(signal),
});

export function useCompanySettings() {
  return useQuery(companySettingsQueryOptions);
}
