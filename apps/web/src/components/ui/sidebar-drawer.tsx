/**
 * The sidebar as a drawer (phones, and windows under 768 px): a Radix dialog, in its own chunk,
 * loaded when the drawer is first opened or its button first pointed at, focused or touched
 * (ADR 0130).
 */
import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

export default function SidebarDrawer({
  open,
  onOpenChange,
  label,
  width,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  width: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-testid="sidebar-drawer"
        data-sidebar="sidebar"
        className="p-0 text-sidebar-foreground"
        // Portalled outside the provider, so the width is set here rather than through its CSS variable.
        style={{ width }}
        aria-describedby={undefined}
      >
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <SheetDescription className="sr-only">Main navigation</SheetDescription>
        <nav aria-label={label} className="flex h-full flex-col">
          {children}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
