/** POST /api/auth/send-verification-email: the same answer whether or not the address waits for verification. */
import type { ResendVerificationRequest } from '@hr/shared/auth/recovery.schemas';
import type { MessageResponse } from '@hr/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export function resendVerification(body: ResendVerificationRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/send-verification-email', { method: 'POST', body });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
