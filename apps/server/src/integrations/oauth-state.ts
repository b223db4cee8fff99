/**
 * OAuth `state` values: random, bound to the user who started the sign-in, single-use and valid
 * for 10 minutes. Only their SHA-256 is stored. Runs inside the caller's tenant transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { oauthStates } from '../db/schema/integrations.ts';

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
export type OauthProvider = (typeof oauthStates.$inferInsert)['provider'];

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function issueOauthState(
  tx: Tx,
  owner: { companyId: string; userId: string },
  provider: OauthProvider,
  now = new Date(),
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  await tx.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await tx.insert(oauthStates).values({
    ...owner,
    provider,
    stateHash: sha256(state),
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return state;
}

/**
 * Consumes a state: returns its provider when it belongs to this user, is unused and unexpired,
 * else null. The update is the check, so two concurrent callbacks cannot both win.
 */
export async function consumeOauthState(
  tx: Tx,
  owner: { companyId: string; userId: string },
  state: string,
  now = new Date(),
): Promise<OauthProvider | null> {
  const [row] = await tx
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, sha256(state)),
        eq(oauthStates.companyId, owner.companyId),
        eq(oauthStates.userId, owner.userId),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ provider: oauthStates.provider });
  return row?.provider ?? null;
}
