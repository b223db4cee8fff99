/** POST /api/auth/sign-in/email: sets the session cookie, then the session query is refetched. */
import type { SignInRequest } from '@hr/shared/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';

export function signIn(body: Pick<SignInRequest, 'email' | 'password'>): Promise<unknown> {
  return apiFetch('/api/auth/sign-in/email', { method: 'POST', body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Awaited, so the button keeps its busy label until the session is known.
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQueryKey }),
  });
}
