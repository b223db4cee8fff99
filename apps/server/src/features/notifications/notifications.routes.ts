/** /api/v1/notifications: list (newest first, 50), mark read one or all, delete, and the live stream. */
import { z } from '@hono/zod-openapi';
import {
  notificationEventSchema,
  notificationsResponseSchema,
  readAllResponseSchema,
  readOneResponseSchema,
} from '@hr/shared/notifications/notifications.schemas';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../../db/client.ts';
import { apiRouterRefusingBadParams, defineRoute, jsonResponse, uuidParam } from '../../http/api-route.ts';
import type { NotificationHub } from '../../realtime/notification-hub.ts';
import { isSessionActive } from '../auth/session.service.ts';
import {
  getNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  removeNotification,
} from './notifications.service.ts';

const notificationParams = z.object({ id: uuidParam('Unknown notification') });
/** Keeps proxies from closing an idle stream: the realtime heartbeat is 25 s. */
const HEARTBEAT_MS = 25_000;
/** Tells EventSource how soon to reconnect after the server goes away (a restart). */
const RETRY_MS = 2000;

/**
 * `sessionCheckMs`: how often an open stream re-checks its session, so that a user signed out
 * elsewhere or removed from the company stops receiving events (default: the heartbeat).
 */
export function notificationsRoutes(deps: { db: Db; hub: NotificationHub; sessionCheckMs?: number }) {
  const sessionCheckMs = deps.sessionCheckMs ?? HEARTBEAT_MS;
  return apiRouterRefusingBadParams()
    .openapi(
      defineRoute({
        method: 'get',
        path: '/',
        summary: 'My newest 50 notifications',
        responses: { 200: jsonResponse(notificationsResponseSchema, 'The notifications') },
      }),
      async (c) => c.json(await getNotifications(deps.db, c.get('principal')), 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/read-all',
        summary: 'Mark all my notifications read',
        responses: { 200: jsonResponse(readAllResponseSchema, 'How many were marked') },
      }),
      async (c) => c.json({ updated: await markAllNotificationsRead(deps.db, c.get('principal')) }, 200),
    )
    .openapi(
      defineRoute({
        method: 'post',
        path: '/{id}/read',
        summary: 'Mark a notification read',
        request: { params: notificationParams },
        responses: { 200: jsonResponse(readOneResponseSchema, 'Marked') },
      }),
      async (c) => {
        await markNotificationRead(deps.db, c.get('principal'), c.req.valid('param').id);
        return c.json({ ok: true as const }, 200);
      },
    )
    .openapi(
      defineRoute({
        method: 'delete',
        path: '/{id}',
        summary: 'Delete a notification',
        request: { params: notificationParams },
        responses: { 204: { description: 'Deleted' } },
      }),
      async (c) => {
        await removeNotification(deps.db, c.get('principal'), c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .openapi(
      defineRoute({
        method: 'get',
        path: '/stream',
        summary: 'Live notification events (Server-Sent Events)',
        description:
          'Events: `ready`, `notification` (data: a NotificationEvent, ids only; re-read the list), `resync`, `signed-out` and a `ping` every 25 s.',
        responses: {
          200: {
            description: 'The event stream; each `notification` event carries a NotificationEvent',
            content: { 'text/event-stream': { schema: notificationEventSchema } },
          },
        },
      }),
      (c) => {
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
      },
    );
}
