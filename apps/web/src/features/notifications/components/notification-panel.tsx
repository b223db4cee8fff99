/** The list behind the bell: 400 px tall, newest first, Mark all read, click to read, delete each. */
import { isHolidayNotification, NOTIFICATION_MESSAGES } from '@hr/shared/notifications/notification-rules';
import { localizeNotificationText } from '@hr/shared/notifications/notification-text';
import type { Notification } from '@hr/shared/notifications/notifications.schemas';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { formatLocalDate, formatLocalDateRange } from '@/lib/local-dates';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** Stored texts carry yyyy-MM-dd dates; the panel shows them in the user's format. */
const LOCAL_DATES = {
  date: (d: string) => formatLocalDate(d),
  range: (a: string, b: string) => formatLocalDateRange(a, b),
};

export function NotificationPanel({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const notifications = useNotifications();
  const { data, isPending, isError, error } = notifications;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const unread = data?.unreadCount ?? 0;

  const open = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    if (isHolidayNotification(n.type)) {
      onNavigate?.();
      navigate(paths.holidays);
    }
  };

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notify.success(NOTIFICATION_MESSAGES.allRead),
      onError: () => notify.error(NOTIFICATION_MESSAGES.markReadFailed),
    });

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
        <h2 className="text-sm font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" onClick={markAllRead} disabled={unread === 0 || markAll.isPending}>
          Mark all read
        </Button>
      </div>
      <div className="h-[400px] overflow-y-auto" data-testid="notification-list">
        {isPending ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{NOTIFICATION_MESSAGES.loading}</p>
        ) : isError ? (
          <LoadError
            title="Failed to load notifications"
            detail={errorMessage(error)}
            query={notifications}
            className="m-3 w-auto"
          />
        ) : data.notifications.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{NOTIFICATION_MESSAGES.empty}</p>
        ) : (
          <ul className="divide-y">
            {data.notifications.map((n) => (
              <li key={n.id} className={cn('flex items-start gap-1 px-2 py-1', !n.isRead && 'bg-accent/50')}>
                <button
                  type="button"
                  onClick={() => open(n)}
                  className="min-w-0 flex-1 rounded-md px-2 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="flex items-center gap-2">
                    {!n.isRead && (
                      <>
                        <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                        <span className="sr-only">Unread:</span>
                      </>
                    )}
                    <span className={cn('truncate text-sm', !n.isRead && 'font-semibold')}>
                      {localizeNotificationText(n.title, LOCAL_DATES)}
                    </span>
                  </span>
                  <span className="mt-0.5 block text-sm text-muted-foreground">
                    {localizeNotificationText(n.message, LOCAL_DATES)}
                  </span>
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {new Date(n.createdAt).toLocaleString()}
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9 shrink-0"
                  aria-label={`Delete notification ${n.title}`}
                  disabled={remove.isPending && remove.variables === n.id}
                  onClick={() => remove.mutate(n.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
