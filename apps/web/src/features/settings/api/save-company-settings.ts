/** PUT /api/v1/settings/company: the whole settings object; the server derives the end months. */
import type { CompanySettings, CompanySettingsRequest } from '@hr/shared/settings/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { companySettingsQueryKey } from './get-company-settings';

export function saveCompanySettings(body: CompanySettingsRequest): Promise<CompanySettings> {
  return apiFetch<CompanySettings>('/api/v1/settings/company', { method: 'PUT', body });
}

export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanySettings,
    onSuccess: (saved) => queryClient.setQueryData(companySettingsQueryKey, saved),
  });
}
