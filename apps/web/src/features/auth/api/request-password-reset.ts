/** POST /api/auth/request-password-reset: the same answer whether or not the address has an account. */
import type { RequestPasswordReset } from '@hr/shared/auth/recovery.schemas';
import type { MessageResponse } from '@hr/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function requestPasswordReset(body: RequestPasswordReset): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/request-password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
