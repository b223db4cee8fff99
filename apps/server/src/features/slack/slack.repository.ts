import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { slackUserMappings } from '../../db/schema/integrations.ts';

export async function findSlackMapping(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(slackUserMappings)
    .where(and(eq(slackUserMappings.companyId, companyId), eq(slackUserMappings.userId, userId)));
  return row ?? null;
}

export async function upsertSlackMapping(
  tx: Tx,
  row: {
    companyId: string;
    userId: string;
    slackUsername: string | null;
    slackUserId: string | null;
    teamName: string | null;
    encryptedAccessToken: string;
  },
): Promise<void> {
  await tx
    .insert(slackUserMappings)
    .values({ ...row, isOauthConnected: true })
    .onConflictDoUpdate({
      target: slackUserMappings.userId,
      set: {
        slackUsername: row.slackUsername,
        slackUserId: row.slackUserId,
        teamName: row.teamName,
        encryptedAccessToken: row.encryptedAccessToken,
        isOauthConnected: true,
      },
    });
}

export async function deleteSlackMapping(tx: Tx, companyId: string, userId: string): Promise<void> {
  await tx
    .delete(slackUserMappings)
    .where(and(eq(slackUserMappings.companyId, companyId), eq(slackUserMappings.userId, userId)));
}
