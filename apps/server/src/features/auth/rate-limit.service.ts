import { type RateLimitRule, verdictAfterCount } from '@hr/shared/rate-limit';
import type { Db } from '../../db/client.ts';
import { errors } from '../../http/app-error.ts';
import { recordAttempt, unrecordAttempt } from './rate-limit.repository.ts';

/** An attempt counted by `reserveAttempt`; `releaseAttempt` takes it back. */
export interface Reservation {
  key: string;
  windowStart: Date;
}

/**
 * Counts the attempt first, atomically, and only then decides (so that of N simultaneous attempts
 * at most `rule.max` go on): throws the 429 with `message` and Retry-After when this attempt is over
 * the limit. Refused attempts stay counted; the window ends at the same time anyway.
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  rule: RateLimitRule,
  message: string,
  now = new Date(),
): Promise<Reservation> {
  const window = await recordAttempt(db, key, rule, now);
  const verdict = verdictAfterCount(window, now, rule);
  if (!verdict.allowed) throw errors.rateLimited(message, verdict.retryAfterSeconds);
  return { key, windowStart: window.windowStart };
}

/** Takes back reserved attempts that turned out not to count (a successful sign-in). */
export async function releaseAttempts(db: Db, reservations: readonly (Reservation | null)[]) {
  for (const r of reservations) if (r) await unrecordAttempt(db, r.key, r.windowStart);
}
