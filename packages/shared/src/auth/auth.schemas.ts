/** Request contracts of the auth endpoints, used by the forms and by the server alike. */
import { z } from 'zod';
import { MESSAGES } from '../errors.ts';
import { normalizeEmail } from './email.ts';
import { CHANGE_PASSWORD_MESSAGES, PASSWORD_MAX_LENGTH, signUpPasswordProblems } from './password-policy.ts';

export { normalizeEmail };

export const emailSchema = z
  .string({ error: 'Please enter an email address' })
  .max(254, 'Email address is too long')
  .transform(normalizeEmail)
  .pipe(z.email('Invalid email address'));

export const signUpPasswordSchema = z
  .string({ error: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)
  .superRefine((value, ctx) => {
    const [first] = signUpPasswordProblems(value);
    if (first) ctx.addIssue({ code: 'custom', message: first });
  });

export const signUpRequestSchema = z.strictObject({
  name: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(120),
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(160),
  email: emailSchema,
  password: signUpPasswordSchema,
  callbackURL: z.string().max(2048).optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().max(2048).optional(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** The current password is required (ADR 0052); the server also refuses a new one equal to it. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string({ error: CHANGE_PASSWORD_MESSAGES.tooShort })
    .min(6, CHANGE_PASSWORD_MESSAGES.tooShort)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `POST /api/auth/sign-up/email`: the company and its first user exist; the verification mail is sent. */
export const signUpResponseSchema = z.object({
  status: z.literal('verification_sent'),
  message: z.string(),
});

/** `POST /api/auth/sign-in/email`: Better Auth's answer without its token (the session is the cookie). */
export const signInResponseSchema = z.object({
  redirect: z.boolean(),
  url: z.string().optional(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
});
