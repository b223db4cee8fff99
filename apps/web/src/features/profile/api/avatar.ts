/** POST /api/v1/profile/avatar (an image file) and DELETE /api/v1/profile/avatar. */
import type { Profile } from '@hr/shared/profile/profile.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiUpload } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';
import { profileQueryKey } from './get-profile';

export function uploadAvatar(file: File): Promise<Profile> {
  return apiUpload<Profile>('/api/v1/profile/avatar', file);
}

export function removeAvatar(): Promise<Profile> {
  return apiFetch<Profile>('/api/v1/profile/avatar', { method: 'DELETE' });
}

/** The new profile goes into the cache; the header avatar comes with the session, so that reloads. */
function useStoreProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileQueryKey, profile);
    return queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: useStoreProfile() });
}

export function useRemoveAvatar() {
  return useMutation({ mutationFn: removeAvatar, onSuccess: useStoreProfile() });
}
