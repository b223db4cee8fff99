/**
 * One LISTEN per server instance on `hr_notifications` (fed by a trigger on the notifications table),
 * fanned out in memory to the open streams of the user each event names. Payloads carry ids only.
 */
import type { NotificationEvent } from '@hr/shared/notifications/notifications.schemas';
import type { Listen, Unlisten } from '../db/client.ts';
import type { Logger } from '../logger.ts';

export const NOTIFICATIONS_CHANNEL = 'hr_notifications';

export interface NotificationSubscriber {
  onEvent(event: NotificationEvent): void;
  /** The listener connection was lost and is back: events may have been missed, re-read everything. */
  onResync(): void;
}

export interface NotificationHub {
  subscribe(userId: string, subscriber: NotificationSubscriber): Promise<() => void>;
  close(): Promise<void>;
}

interface ChannelPayload {
  userId: string;
  id: string;
  op: NotificationEvent['op'];
}

function parsePayload(payload: string): ChannelPayload | null {
  try {
    const value = JSON.parse(payload) as Partial<ChannelPayload>;
    if (typeof value.userId !== 'string' || typeof value.id !== 'string') return null;
    if (value.op !== 'INSERT' && value.op !== 'UPDATE' && value.op !== 'DELETE') return null;
    return { userId: value.userId, id: value.id, op: value.op };
  } catch {
    return null;
  }
}

export function createNotificationHub(listen: Listen, logger: Logger): NotificationHub {
  const byUser = new Map<string, Set<NotificationSubscriber>>();
  let started: Promise<Unlisten> | null = null;

  const dispatch = (payload: string) => {
    const event = parsePayload(payload);
    if (!event) return;
    for (const subscriber of byUser.get(event.userId) ?? []) {
      subscriber.onEvent({ id: event.id, op: event.op });
    }
  };
  const resyncAll = () => {
    logger.info('notification listener reconnected');
    for (const set of byUser.values()) for (const subscriber of set) subscriber.onResync();
  };

  const ensureStarted = () => {
    started ??= listen(NOTIFICATIONS_CHANNEL, dispatch, resyncAll).catch((err: unknown) => {
      started = null;
      throw err;
    });
    return started;
  };

  return {
    async subscribe(userId, subscriber) {
      await ensureStarted();
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byUser.delete(userId);
      };
    },
    async close() {
      const stop = started;
      started = null;
      byUser.clear();
      if (stop) await (await stop)();
    },
  };
}
