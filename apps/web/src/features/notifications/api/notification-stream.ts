/**
 * GET /api/v1/notifications/stream (Server-Sent Events): any change to the user's notifications, or a
 * (re)connect, re-reads the list. EventSource reconnects by itself after a network drop; when it gives
 * up (an error status while the server restarts) we open a new one with back-off 1, 2, 5, 10 s. When
 * the server says the session is gone (signed out elsewhere, removed from the company), the stream
 * stops and the session is re-read, which sends the user to sign in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from '@/lib/session';
import { notificationsQueryKey } from './get-notifications';

export const NOTIFICATION_STREAM_URL = '/api/v1/notifications/stream';
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

export function useNotificationStream(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });

    const open = () => {
      source = new EventSource(NOTIFICATION_STREAM_URL, { withCredentials: true });
      source.addEventListener('ready', () => {
        attempt = 0;
        refresh();
      });
      source.addEventListener('notification', refresh);
      source.addEventListener('resync', refresh);
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
    window.addEventListener('company-changed', refresh);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('company-changed', refresh);
    };
  }, [enabled, queryClient]);
}
