/**
 * The sign-in form's validation: the shared schema (zod), loaded when the form is first focused, at
 * the latest on submit, never with the sign-in page itself (ADRs 0105, 0125). Each field gets its
 * first problem, as the other forms show them.
 */
import { signInRequestSchema } from '@hr/shared/auth/auth.schemas';
import type { z } from 'zod';

const signInFormSchema = signInRequestSchema.pick({ email: true, password: true });
export type SignInValues = z.output<typeof signInFormSchema>;
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

export type SignInCheck = { ok: true; values: SignInValues } | { ok: false; errors: SignInErrors };

export function checkSignIn(input: { email: string; password: string }): SignInCheck {
  const parsed = signInFormSchema.safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
