/** Where to go after signing in: only same-origin paths, never another site or the auth page itself. */
export function safeRedirectTarget(candidate: string | null | undefined, fallback = '/'): string {
  if (!candidate) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\'))
    return fallback;
  if (candidate === '/auth' || candidate.startsWith('/auth?') || candidate.startsWith('/auth/'))
    return fallback;
  return candidate;
}

/** The /auth URL that brings the visitor back to `from` after signing in. */
export function authPathFor(from: string): string {
  return from === '/' ? '/auth' : `/auth?redirectTo=${encodeURIComponent(from)}`;
}
