/**
 * The API's error codes and the product's shared messages, without zod: the sign-in page and the app
 * shell read them, and must not load zod to do so (ADR 0105). `errors.ts` re-exports them.
 */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  /** A temporary password must be changed before anything but /me and the change itself. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  INTERNAL: 'INTERNAL_ERROR',
  /** The database is briefly out of reach (a restart, a failover): try again (`Retry-After`). */
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;

export const MESSAGES = {
  accessDenied: "You don't have permission to access this section.",
  notSignedIn: 'You must be signed in.',
  notFound: 'Not found.',
  invalidInput: 'Some fields are not valid.',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  userAlreadyRegistered: 'User already registered',
  signUpSuccess: 'Please check your email to verify your account.',
  tooManySignups: 'Too many signup attempts. Please try again later.',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address before signing in.',
  passwordUpdated: 'Password updated successfully',
  passwordUpdateFailed: 'Failed to update password',
  passwordChangeRequired: 'You must change your temporary password before continuing.',
  currentPasswordIncorrect: 'Current password is incorrect',
  currentPasswordRequired: 'Please enter your current password',
  passwordUnchanged: 'New password must be different from the current password',
} as const;
