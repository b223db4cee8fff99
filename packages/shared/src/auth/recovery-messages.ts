/** The recovery messages, zod-free for the sign-in page (ADR 0105); `recovery.schemas.ts` re-exports them. */

export const RECOVERY_MESSAGES = {
  resetRequested:
    'If an account exists for this email address, we have sent a link to reset your password. The link works for one hour.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetLinkInvalid: 'This password reset link is invalid, has expired or has already been used.',
  tooManyResetRequests: 'Too many password reset requests. Please try again later.',
  verificationResent:
    'If this email address is waiting for verification, we have sent a new verification email.',
  tooManyVerificationRequests: 'Too many verification email requests. Please try again later.',
  adminResetSent: (email: string) => `Password reset email sent to ${email}`,
} as const;
