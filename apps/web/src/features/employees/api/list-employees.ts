/** GET /api/v1/employees?search=&after=&pageSize=&leavers=: one page of the company's employees (server-side search, keyset pages). */
import { EMPLOYEE_PAGE_SIZE, type EmployeeListResponse } from '@hr/shared/hr/employees.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { employeeKeys } from './keys';

export interface EmployeeListParams {
  search: string;
  /** The previous page's `nextCursor`; null for the first page (ADR 0115). */
  after: string | null;
  /** Show leavers: records whose end date has passed (left out by default, ADR 0092). */
  leavers?: boolean;
}

export function fetchEmployees(
  { search, after, leavers = false }: EmployeeListParams,
  signal?: AbortSignal,
): Promise<EmployeeListResponse> {
  const params = new URLSearchParams({ pageSize: String(EMPLOYEE_PAGE_SIZE) });
  if (search) params.set('search', search);
  if (after) params.set('after', after);
  if (leavers) params.set('leavers', 'include');
  return apiFetch<EmployeeListResponse>(`/api/v1/employees?${params}`, { signal });
}

export function employeesQueryOptions(params: EmployeeListParams) {
  return queryOptions({
    queryKey: employeeKeys.list(params),
    queryFn: ({ signal }) => fetchEmployees(params, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useEmployees(params: EmployeeListParams) {
  return useQuery(employeesQueryOptions(params));
}
