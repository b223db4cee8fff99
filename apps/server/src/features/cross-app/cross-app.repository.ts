/** Cross-app codes live outside RLS (redeemed without a session); these run on the server's own connection. */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crossAppCodes } from '../../db/schema/integrations.ts';

export async function insertCrossAppCode(db: Db, row: typeof crossAppCodes.$inferInsert): Promise<void> {
  await db.delete(crossAppCodes).where(lt(crossAppCodes.expiresAt, new Date(Date.now() - 60 * 60 * 1000)));
  await db.insert(crossAppCodes).values(row);
}

/** Marks the code used and returns it, only when it is unused and unexpired: one statement, one winner. */
export async function redeemCrossAppCode(db: Db, codeHash: string, now: Date) {
  const [row] = await db
    .update(crossAppCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(crossAppCodes.codeHash, codeHash),
        isNull(crossAppCodes.usedAt),
        gt(crossAppCodes.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}
