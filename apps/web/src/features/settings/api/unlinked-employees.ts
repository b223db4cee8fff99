/**
 * Employee records without a login, for "Link to employee record" of Send invitation. Read from
 * GET /api/v1/employees (Employees at View); without that access the choice is simply not offered.
 */
import type { EmployeeListResponse } from '@hr/shared/hr/employees.schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function useUnlinkedEmployees(enabled: boolean) {
  return useQuery({
    queryKey: ['settings', 'unlinked-employees'],
    enabled,
    retry: false,
    queryFn: async ({ signal }) => {
      const page = await apiFetch<EmployeeListResponse>('/api/v1/employees?pageSize=200', { signal });
      return page.items
        .filter((e) => e.userId === null)
        .map((e) => ({ id: e.id, fullName: e.fullName, email: e.email }));
    },
  });
}
