/** PUT /api/v1/settings/users/:id/role */
import type { AssignableRole } from '@hr/shared/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export function updateUserRole(input: { userId: string; role: AssignableRole }): Promise<unknown> {
  return apiFetch(`/api/v1/settings/users/${encodeURIComponent(input.userId)}/role`, {
    method: 'PUT',
    body: { role: input.role },
  });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
