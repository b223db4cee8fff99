/**
 * The bell's Radix popover with the notifications panel: its own chunk, loaded when the bell is
 * first pointed at, focused or pressed (ADR 0130). `NotificationBell` keeps the count and the live
 * stream; this is only what an open panel needs.
 */
import { Popover } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { NotificationPanel } from './notification-panel';

export interface NotificationPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: Ref<HTMLButtonElement>;
  triggerClassName: string;
  label: string;
  /** The bell icon and the badge, drawn the same by the stand-in. */
  children: ReactNode;
}

export default function NotificationPopover({
  open,
  onOpenChange,
  triggerRef,
  triggerClassName,
  label,
  children,
}: NotificationPopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger ref={triggerRef} className={triggerClassName} aria-label={label}>
        {children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-md border bg-popover text-popover-foreground shadow-md"
        >
          <NotificationPanel onNavigate={() => onOpenChange(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
