/** PUT /api/v1/settings/permissions: every pending change in one transaction, then the list reloads. */
import type { SavePermissionsRequest } from '@hr/shared/settings/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryKey } from '@/lib/session';
import { permissionsQueryKey } from './get-permissions';

export function savePermissions(body: SavePermissionsRequest): Promise<{ saved: number }> {
  return apiFetch<{ saved: number }>('/api/v1/settings/permissions', { method: 'PUT', body });
}

export function useSavePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePermissions,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: permissionsQueryKey }),
        // The editor may have changed their own levels.
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
