/** /api/v1/notifications: list (newest first, 50), mark read one or all, delete, and the live stream. */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { parseWith } from '../../http/validate.ts';
import type { NotificationHub } from '../../realtime/notification-hub.ts';
import { isSessionActive } from '../auth/session.service.ts';
import {
  getNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  removeNotification,
} from './notifications.service.ts';

const idParam = z.object({ id: z.uuid('Unknown notification') });
/** Keeps proxies from closing an idle stream; the spec's realtime heartbeat is 25 s. */
const HEARTBEAT_MS = 25_000;
/** Tells EventSource how soon to reconnect after the server goes away (a restart). */
const RETRY_MS = 2000;

/**
 * `sessionCheckMs`: how often an open stream re-checks its session, so that a user signed out
 * elsewhere or removed from the company stops receiving events (default: the heartbeat).
 */
export function notificationsRoutes(deps: { db: Db; hub: NotificationHub; sessionCheckMs?: number }) {
  const sessionCheckMs = deps.sessionCheckMs ?? HEARTBEAT_MS;
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await getNotifications(deps.db, c.get('principal'))))
    .post('/read-all', async (c) => {
      const updated = await markAllNotificationsRead(deps.db, c.get('principal'));
      return c.json({ updated });
    })
    .post('/:id/read', async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      await markNotificationRead(deps.db, c.get('principal'), id);
      return c.json({ ok: true });
    })
    .delete('/:id', async (c) => {
      const { id } = parseWith(idParam, c.req.param());
      await removeNotification(deps.db, c.get('principal'), id);
      return c.body(null, 204);
    })
    .get('/stream', (c) => {
      const { user, sessionId } = c.get('principal');
      const userId = user.id;
      c.header('Cache-Control', 'no-cache, no-transform');
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        let queue = Promise.resolve();
        const send = (event: string, data: unknown) => {
          queue = queue
            .then(() => stream.writeSSE({ event, data: JSON.stringify(data), retry: RETRY_MS }))
            .catch(() => {});
        };
        const unsubscribe = await deps.hub.subscribe(userId, {
          onEvent: (e) => send('notification', e),
          onResync: () => send('resync', {}),
        });
        send('ready', {});
        const heartbeat = setInterval(() => send('ping', {}), HEARTBEAT_MS);
        await new Promise<void>((resolve) => {
          stream.onAbort(resolve);
          const sessionCheck = setInterval(() => {
            isSessionActive(deps.db, sessionId).then(
              (active) => {
                if (active) return;
                clearInterval(sessionCheck);
                send('signed-out', {});
                void queue.then(resolve);
              },
              () => {}, // the database is away: keep the stream, check again next time
            );
          }, sessionCheckMs);
          stream.onAbort(() => clearInterval(sessionCheck));
        });
        clearInterval(heartbeat);
        unsubscribe();
      });
    });
}
