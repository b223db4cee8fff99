/** GET /api/v1/employees/user-options: the company's user accounts, for the user link and line manager. */
import type { UserOptionsResponse } from '@hr/shared/hr/employees.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { employeeKeys } from './keys';

export function fetchUserOptions(signal?: AbortSignal): Promise<UserOptionsResponse> {
  return apiFetch<UserOptionsResponse>('/api/v1/employees/user-options', { signal });
}

export const userOptionsQueryOptions = queryOptions({
  queryKey: employeeKeys.userOptions(),
  queryFn: ({ signal }) => fetchUserOptions(signal),
  staleTime: 60_000,
});

export function useUserOptions(enabled = true) {
  return useQuery({ ...userOptionsQueryOptions, enabled });
}
