/** POST /api/auth/sign-out: ends the session and forgets everything cached for the user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';

export function signOut(): Promise<unknown> {
  return apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
