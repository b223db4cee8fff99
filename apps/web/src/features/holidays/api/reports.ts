/**
 * Super admins' reports (issue 19): GET /api/v1/reports/balances and /requests as JSON for the Reports
 * tab, and the same reports' CSV downloads (`.csv`, with the same filters) as plain links.
 */
import type { HolidayType } from '@hr/shared/hr/holidays.schemas';
import type { BalancesReport, RequestsReport } from '@hr/shared/leave/reports.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export interface BalancesFilters {
  /** The holiday year's first calendar year; '' for the current holiday year. */
  year: string;
  department: string;
}

export interface RequestsFilters {
  from: string;
  to: string;
  department: string;
  type: HolidayType | '';
}

/** The query string of the filters that are set. */
function search(filters: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const balancesCsvUrl = (filters: BalancesFilters) => `/api/v1/reports/balances.csv${search(filters)}`;
export const requestsCsvUrl = (filters: RequestsFilters) => `/api/v1/reports/requests.csv${search(filters)}`;

export function useBalancesReport(filters: BalancesFilters) {
  return useQuery({
    queryKey: [...holidayKeys.all, 'reports', 'balances', filters],
    queryFn: ({ signal }) =>
      apiFetch<BalancesReport>(`/api/v1/reports/balances${search(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequestsReport(filters: RequestsFilters) {
  return useQuery({
    queryKey: [...holidayKeys.all, 'reports', 'requests', filters],
    queryFn: ({ signal }) =>
      apiFetch<RequestsReport>(`/api/v1/reports/requests${search(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
