/**
 * POST /api/v1/companies/switch: moves the developer's profile to another company. Afterwards every
 * cached query is stale and the `company-changed` browser event tells other features to reload.
 */
import type { SwitchCompanyRequest, SwitchCompanyResponse } from '@hr/shared/company/company-details.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';

export const COMPANY_CHANGED_EVENT = 'company-changed';

export function switchCompany(body: SwitchCompanyRequest): Promise<SwitchCompanyResponse> {
  return apiFetch<SwitchCompanyResponse>('/api/v1/companies/switch', { method: 'POST', body });
}

export function useSwitchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchCompany,
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: meQueryKey });
      window.dispatchEvent(new Event(COMPANY_CHANGED_EVENT));
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    },
  });
}
