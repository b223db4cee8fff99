import { checkRateLimit, type RateLimitRule } from '@hr/shared/rate-limit';
import type { Db } from '../../db/client.ts';
import { errors } from '../../http/app-error.ts';
import { findWindow, recordAttempt } from './rate-limit.repository.ts';

/** Throws the 429 with `message` when the key has used its window up. */
export async function assertWithinLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  message: string,
  now = new Date(),
) {
  const verdict = checkRateLimit(await findWindow(db, key), now, rule);
  if (!verdict.allowed) throw errors.rateLimited(message, verdict.retryAfterSeconds);
}

export async function countAttempt(db: Db, key: string, rule: RateLimitRule, now = new Date()) {
  await recordAttempt(db, key, rule, now);
}
