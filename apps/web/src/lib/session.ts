/** The session query: GET /api/v1/me under the key ['me']; null means nobody is signed in. */
import type { MeResponse } from '@hr/shared/me/me.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api-client.ts';

export type Me = MeResponse;

export const meQueryKey = ['me'] as const;

export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiFetch<Me>('/api/v1/me', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
