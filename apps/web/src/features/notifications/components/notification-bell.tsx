/** The header bell with its unread badge. The list behind it arrives with the notifications feature. */
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/class-names';

/** The badge text: nothing for 0, the number up to 9, then "9+". */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

export function NotificationBell({ count, className }: { count: number; className?: string }) {
  const badge = unreadBadgeText(count);
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Popover.Root>
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
          className="z-50 w-80 rounded-md border bg-popover p-4 text-popover-foreground shadow-md"
        >
          <h2 className="text-sm font-semibold">Notifications</h2>
          <p className="mt-6 mb-4 text-center text-sm text-muted-foreground">No notifications yet</p>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
