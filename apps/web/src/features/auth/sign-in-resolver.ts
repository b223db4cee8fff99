/**
 * The sign-in form's validation: zod, the shared schema and the resolver. Loaded when the form is
 * first touched, not with the sign-in page, so that /auth loads no zod (ADR 0105).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { signInRequestSchema } from '@hr/shared/auth/auth.schemas';
import type { z } from 'zod';

const signInFormSchema = signInRequestSchema.pick({ email: true, password: true });
export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormOutput = z.output<typeof signInFormSchema>;

export const signInResolver = zodResolver(signInFormSchema);
