/** POST /api/auth/reset-password: sets the new password with the emailed token (single use). */
import type { ResetPasswordRequest } from '@hr/shared/auth/recovery.schemas';
import type { MessageResponse } from '@hr/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
