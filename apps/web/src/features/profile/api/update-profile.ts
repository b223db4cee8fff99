/** PUT /api/v1/profile: names, position and line manager (also written to the linked employee record). */
import type { Profile, UpdateProfileRequest } from '@hr/shared/profile/profile.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';
import { profileQueryKey } from './get-profile';

export function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  return apiFetch<Profile>('/api/v1/profile', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
