/**
 * POST /api/auth/sign-in/email: sets the session cookie. A plain function, without TanStack Query:
 * the sign-in page built apart from the app calls it (ADR 0125); the page decides what follows.
 */
import type { SignInRequest } from '@hr/shared/auth/auth.schemas';
import { apiFetch } from '@/lib/api-client';

export function signIn(body: Pick<SignInRequest, 'email' | 'password'>): Promise<unknown> {
  return apiFetch('/api/auth/sign-in/email', { method: 'POST', body });
}
