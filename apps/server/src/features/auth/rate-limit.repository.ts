import type { RateLimitRule, RateLimitWindow } from '@hr/shared/rate-limit';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/security.ts';

export async function findWindow(db: Db, key: string): Promise<RateLimitWindow | null> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row ? { count: row.count, windowStart: row.windowStart } : null;
}

/** Counts one attempt atomically, starting a new window when the stored one has run out. */
export async function recordAttempt(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<void> {
  const windowStartLimit = new Date(now.getTime() - rule.windowMs);
  await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartLimit} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartLimit} then ${now} else ${rateLimits.windowStart} end`,
      },
    });
}
