/**
 * POST /api/v1/companies/switch: moves the developer's profile to another company. Afterwards every
 * cached query is stale and the company-changed signal (`lib/company-changed.ts`) tells other features to reload.
 */
import type { SwitchCompanyRequest, SwitchCompanyResponse } from '@hr/shared/company/company-details.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { announceCompanyChanged } from '@/lib/company-changed';
import { meQueryKey } from '@/lib/session';

export function switchCompany(body: SwitchCompanyRequest): Promise<SwitchCompanyResponse> {
  return apiFetch<SwitchCompanyResponse>('/api/v1/companies/switch', { method: 'POST', body });
}

export function useSwitchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchCompany,
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: meQueryKey });
      announceCompanyChanged();
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    },
  });
}
