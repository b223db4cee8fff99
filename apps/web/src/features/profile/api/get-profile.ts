/** GET /api/v1/profile: the signed-in user's own profile. */
import type { Profile } from '@hr/shared/profile/profile.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const profileQueryKey = ['profile'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/api/v1/profile', { signal });
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
