/** POST /api/v1/me/password: sets a new password and marks the first login as completed. */
import type { ChangePasswordRequest } from '@hr/shared/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';

export function changePassword(body: ChangePasswordRequest): Promise<{ message: string }> {
  return apiFetch<{ message: string }>('/api/v1/me/password', { method: 'POST', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Everything refused while the temporary password was unchanged (403) is read again.
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries();
    },
  });
}
