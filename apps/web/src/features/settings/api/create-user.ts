/** POST /api/v1/settings/users: login, profile and role; the user changes the password at first sign-in. */
import type { CompanyUser, CreateUserRequest } from '@hr/shared/settings/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function createUser(body: CreateUserRequest): Promise<{ user: CompanyUser; message: string }> {
  return apiFetch('/api/v1/settings/users', { method: 'POST', body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Users, invitations and the permissions table all list the new user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings'] }),
  });
}
