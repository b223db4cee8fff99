/** The header bell: the unread count from the server (9+ above 9) and the notifications panel behind it. */
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-names';
import { useNotifications } from '../api/get-notifications';
import { type AffectedQueries, useNotificationStream } from '../api/notification-stream';
import { NotificationPanel } from './notification-panel';

/** The badge text: nothing for 0, the number up to 9, then "9+". */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

export function NotificationBell({
  className,
  liveQueries,
}: {
  className?: string;
  /** What a live notification makes stale besides the list (the app's mapping). */
  liveQueries?: AffectedQueries;
}) {
  const [open, setOpen] = useState(false);
  useNotificationStream(true, liveQueries);
  const { data } = useNotifications();
  const count = data?.unreadCount ?? 0;
  const badge = unreadBadgeText(count);
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={cn(
          'relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
          className,
        )}
        aria-label={label}
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <Badge
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 h-5 min-w-5"
          >
            {badge}
          </Badge>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-md border bg-popover text-popover-foreground shadow-md"
        >
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
