/**
 * The header bell: the unread count from the server (9+ above 9) and the notifications panel behind
 * it. The count and the live stream are part of the shell; the panel and its popover load when the
 * bell is first pointed at, focused or pressed (ADR 0130), a stand-in button drawn the same until then.
 */
import { Bell } from 'lucide-react';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-names';
import { lazyWidget, preloadWidget, useLazyWidget } from '@/lib/lazy-widget';
import { useNotifications } from '../api/get-notifications';
import { type AffectedQueries, useNotificationStream } from '../api/notification-stream';
import type { NotificationPopoverProps } from './notification-popover';

export const notificationPopover = lazyWidget<NotificationPopoverProps>(() =>
  import('./notification-popover').then((module) => module.default),
);

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
  const standInRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const Popover = useLazyWidget(notificationPopover, standInRef, triggerRef);
  useNotificationStream(true, liveQueries);
  const { data } = useNotifications();
  const count = data?.unreadCount ?? 0;
  const badge = unreadBadgeText(count);
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  const triggerClassName = cn(
    'relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
    className,
  );
  const icon = (
    <>
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
    </>
  );
  if (Popover) {
    return (
      <Popover
        open={open}
        onOpenChange={setOpen}
        triggerRef={triggerRef}
        triggerClassName={triggerClassName}
        label={label}
      >
        {icon}
      </Popover>
    );
  }
  const preload = () => preloadWidget(notificationPopover);
  return (
    <button
      ref={standInRef}
      type="button"
      className={triggerClassName}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      onClick={() => {
        setOpen(true);
        preload();
      }}
    >
      {icon}
    </button>
  );
}
