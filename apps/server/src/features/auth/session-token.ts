/**
 * Better Auth's signed session cookie, checked without Better Auth: the value is
 * `<token>.<base64 HMAC-SHA256(secret, token)>` (better-call's signed cookies). Used by the session
 * middleware's fast path (ADR 0043).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The token when the signature is the server's, else null. */
export function verifiedSessionToken(cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const signature = Buffer.from(cookieValue.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** Whether Better Auth would extend the session now (its `updateAge` rule). */
export function sessionNeedsRefresh(
  expiresAt: Date,
  config: { expiresIn: number; updateAge: number },
  now = Date.now(),
): boolean {
  return expiresAt.getTime() - config.expiresIn * 1000 + config.updateAge * 1000 <= now;
}
