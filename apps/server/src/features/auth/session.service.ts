/** Session checks other features need after the request that opened them (e.g. a live stream). */
import type { Db } from '../../db/client.ts';
import { sessionIsActive } from './auth.repository.ts';

export function isSessionActive(db: Db, sessionId: string): Promise<boolean> {
  return sessionIsActive(db, sessionId);
}
