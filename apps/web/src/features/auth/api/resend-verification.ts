/**
 * POST /api/auth/send-verification-email: the same answer whether or not the address waits for
 * verification. A plain function: the sign-in page offers it without TanStack Query (ADR 0125).
 */
import type { ResendVerificationRequest } from '@hr/shared/auth/recovery.schemas';
import type { MessageResponse } from '@hr/shared/errors';
import { apiFetch } from '@/lib/api-client';

export function resendVerification(body: ResendVerificationRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/auth/send-verification-email', { method: 'POST', body });
}
