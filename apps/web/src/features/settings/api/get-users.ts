/** GET /api/v1/settings/users: the company's active users with their roles. */
import type { UsersResponse } from '@hr/shared/settings/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const usersQueryKey = ['settings', 'users'] as const;

export function getUsers(signal?: AbortSignal): Promise<UsersResponse> {
  return apiFetch<UsersResponse>('/api/v1/settings/users', { signal });
}

export const usersQueryOptions = queryOptions({
  queryKey: usersQueryKey,
  queryFn: ({ signal }) => getUsers(signal),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
