/** Zod-free, for the sign-in page's first chunk (ADR 0105); `auth.schemas.ts` re-exports it. */

/** Lower-cased and trimmed, as the auth form does on blur. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
