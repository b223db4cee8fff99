/**
 * GET /api/v1/notifications/stream (Server-Sent Events): any change to the user's notifications, or a
 * (re)connect, re-reads the list. A new notification also refreshes what it reports a change of
 * (`queryKeysAffectedBy`: a decided request's row and balance, approvals, calendar, upcoming); a
 * reconnect or resync refreshes all of those, since events may have been missed meanwhile. EventSource reconnects by itself after a network drop; when it gives
 * up (an error status while the server restarts) we open a new one with back-off 1, 2, 5, 10 s. When
 * the server says the session is gone (signed out elsewhere, removed from the company), the stream
 * stops and the session is re-read, which sends the user to sign in.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onCompanyChanged } from '@/lib/company-changed';
import { meQueryKey } from '@/lib/session';
import { notificationsQueryKey, notificationsQueryOptions } from './get-notifications';

export const NOTIFICATION_STREAM_URL = '/api/v1/notifications/stream';
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * The queries a new notification of `type` makes stale; `undefined` asks for everything a notification
 * can report (after a reconnect, when events may have been missed). The app supplies it
 * (`app/live-invalidation.ts`): features do not know each other's query keys.
 */
export type AffectedQueries = (type: string | undefined) => readonly QueryKey[];
const NOTHING_ELSE: AffectedQueries = () => [];

export function useNotificationStream(enabled = true, affectedBy: AffectedQueries = NOTHING_ELSE) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let connectedBefore = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    const invalidate = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const refreshAll = () => {
      refresh();
      invalidate(affectedBy(undefined));
    };
    const onNotification = async (event: Event) => {
      refresh();
      const { op, id } = eventData(event);
      if (op !== 'INSERT' || !id) return;
      try {
        const list = await queryClient.fetchQuery({ ...notificationsQueryOptions, staleTime: 0 });
        invalidate(affectedBy(list.notifications.find((n) => n.id === id)?.type ?? 'unknown'));
      } catch {
        invalidate(affectedBy(undefined));
      }
    };

    const open = () => {
      source = new EventSource(NOTIFICATION_STREAM_URL, { withCredentials: true });
      source.addEventListener('ready', () => {
        attempt = 0;
        // The first connect only reads the list; a reconnect may have missed changes.
        if (connectedBefore) refreshAll();
        else refresh();
        connectedBefore = true;
      });
      source.addEventListener('notification', (event) => void onNotification(event));
      source.addEventListener('resync', refreshAll);
      source.addEventListener('signed-out', () => {
        stopped = true;
        source?.close();
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      });
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        source.close();
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
        attempt += 1;
        timer = setTimeout(open, delay);
      };
    };
    open();
    const stopListening = onCompanyChanged(refresh);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      stopListening();
    };
  }, [enabled, queryClient, affectedBy]);
}

/** The `{op, id}` of a notification event; anything unreadable gives neither. */
function eventData(event: Event): { op?: string; id?: string } {
  try {
    const data: unknown = JSON.parse((event as MessageEvent<string>).data);
    if (data && typeof data === 'object') {
      const { op, id } = data as Record<string, unknown>;
      return { ...(typeof op === 'string' ? { op } : {}), ...(typeof id === 'string' ? { id } : {}) };
    }
  } catch {
    // Not JSON: only the list is re-read.
  }
  return {};
}
