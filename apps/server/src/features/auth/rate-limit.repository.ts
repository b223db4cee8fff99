import type { RateLimitRule, RateLimitWindow } from '@hr/shared/rate-limit';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/security.ts';

/**
 * Counts one attempt and returns the window it was counted in, in one statement: concurrent callers
 * each get their own count (the row lock of ON CONFLICT DO UPDATE orders them), so no two see the
 * same number. A window that has run out starts again at 1.
 */
export async function recordAttempt(
  db: Db,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitWindow> {
  const windowStartLimit = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartLimit} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartLimit} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error(`rate limit ${key}: the upsert returned no row`);
  return { count: row.count, windowStart: row.windowStart };
}

/** Takes back one attempt counted in `windowStart` (nothing when that window has been replaced). */
export async function unrecordAttempt(db: Db, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}
