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
    onSuccess: async () => {
      // Everything refused while the temporary password was unchanged (403) is read again; not
      // awaited, so the dialog's own success callback runs before /me closes it.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      await queryClient.refetchQueries({ queryKey: meQueryKey });
    },
  });
}
