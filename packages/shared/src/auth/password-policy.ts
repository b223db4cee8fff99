/** Password rules: 12+ with four character classes at sign-up, 6+ elsewhere. */

export const SIGN_UP_PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 12 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
} as const;

export const CHANGE_PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 6 characters long',
  mismatch: 'Passwords do not match',
} as const;

export const PASSWORD_MAX_LENGTH = 128;

/** Every sign-up rule the password breaks, in the order the form shows them. */
export function signUpPasswordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 12) problems.push(SIGN_UP_PASSWORD_MESSAGES.tooShort);
  if (!/[A-Z]/.test(password)) problems.push(SIGN_UP_PASSWORD_MESSAGES.uppercase);
  if (!/[a-z]/.test(password)) problems.push(SIGN_UP_PASSWORD_MESSAGES.lowercase);
  if (!/[0-9]/.test(password)) problems.push(SIGN_UP_PASSWORD_MESSAGES.number);
  if (!/[^A-Za-z0-9]/.test(password)) problems.push(SIGN_UP_PASSWORD_MESSAGES.special);
  return problems;
}
