/**
 * GET /api/v1/employees/entitlement: the entitlement the employee form's values give, with the lines
 * of its calculation (the company's entitlement pro-rated for the week, then for the joining date),
 * computed on the server before saving (ADR 0094).
 */
import type { EntitlementPreview } from '@hr/shared/hr/employees.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { employeeKeys } from './keys';

export interface EntitlementPreviewParams {
  startDate: string | null;
  endDate: string | null;
  annualHolidayDays: number | null;
  workingPattern: readonly string[] | null;
}

export function entitlementPreviewUrl(p: EntitlementPreviewParams): string {
  const params = new URLSearchParams();
  if (p.startDate) params.set('startDate', p.startDate);
  if (p.endDate) params.set('endDate', p.endDate);
  if (p.annualHolidayDays !== null) params.set('annualHolidayDays', String(p.annualHolidayDays));
  if (p.workingPattern?.length) params.set('workingPattern', p.workingPattern.join(','));
  const query = params.toString();
  return `/api/v1/employees/entitlement${query ? `?${query}` : ''}`;
}

export function useEntitlementPreview(params: EntitlementPreviewParams) {
  const url = entitlementPreviewUrl(params);
  return useQuery({
    queryKey: [...employeeKeys.all, 'entitlement', url],
    queryFn: ({ signal }) => apiFetch<EntitlementPreview>(url, { signal }),
    placeholderData: keepPreviousData,
  });
}
