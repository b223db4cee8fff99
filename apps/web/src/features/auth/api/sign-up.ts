/** POST /api/auth/sign-up/email: creates the account and sends the verification e-mail (no session). */
import type { SignUpRequest } from '@hr/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface SignUpResponse {
  status: 'verification_sent';
  message: string;
}

export function signUp(body: Omit<SignUpRequest, 'callbackURL'>): Promise<SignUpResponse> {
  return apiFetch<SignUpResponse>('/api/auth/sign-up/email', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
