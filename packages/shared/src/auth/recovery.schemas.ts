/**
 * Account recovery (ADR 0054): password reset by email, resending the verification email, and how
 * long an unverified sign-up holds its email address. Contracts, limits and messages shared by the
 * server and the forms.
 */
import { z } from 'zod';
import type { RateLimitRule } from '../rate-limit.ts';
import { emailSchema, signUpPasswordSchema } from './auth.schemas.ts';
import { RECOVERY_MESSAGES } from './recovery-messages.ts';

/** A reset link works for one hour, once. */
export const RESET_PASSWORD_TOKEN_TTL_SECONDS = 60 * 60;

/** An unverified sign-up older than this no longer holds its email address (nor gets mail). */
export const UNVERIFIED_SIGN_UP_TTL_DAYS = 7;

/** The SPA page the reset email links to, with `?token=`. */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

const HOUR = 60 * 60 * 1000;

/**
 * Fixed windows in the `rate_limits` table. Every request counts, whether or not the address has an
 * account, so a 429 says nothing about the address either.
 */
export const RECOVERY_RATE_LIMITS = {
  /** Reset mails asked for one address (the public form and the administrator's action together). */
  passwordResetPerEmail: { max: 3, windowMs: HOUR },
  passwordResetPerIp: { max: 20, windowMs: HOUR },
  /** Attempts to set a password with a token, per IP (tokens are 24 random characters). */
  resetPasswordPerIp: { max: 20, windowMs: HOUR },
  verificationPerEmail: { max: 3, windowMs: HOUR },
  verificationPerIp: { max: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

export { RECOVERY_MESSAGES };

export const requestPasswordResetSchema = z.object({ email: emailSchema });
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ error: RECOVERY_MESSAGES.resetLinkInvalid })
    .min(1, RECOVERY_MESSAGES.resetLinkInvalid)
    .max(256, RECOVERY_MESSAGES.resetLinkInvalid),
  newPassword: signUpPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const resendVerificationRequestSchema = z.object({ email: emailSchema });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequestSchema>;
