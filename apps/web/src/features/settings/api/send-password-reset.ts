/** POST /api/v1/settings/users/:id/reset-password: mails the user a reset link (no password shown or set). */
import type { MessageResponse } from '@hr/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function sendPasswordReset(userId: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/v1/settings/users/${encodeURIComponent(userId)}/reset-password`, {
    method: 'POST',
  });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
