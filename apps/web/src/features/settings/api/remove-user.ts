/** DELETE /api/v1/settings/users/:id: revokes the user's sessions and company access. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function removeUser(userId: string): Promise<{ message: string }> {
  return apiFetch(`/api/v1/settings/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings'] }),
  });
}
