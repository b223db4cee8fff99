import type { ComponentProps } from 'react';
import { cn } from '@/lib/class-names';

/** A data table that scrolls sideways on narrow screens instead of squashing its columns. */
export function Table({
  className,
  containerClassName,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string }) {
  return (
    <div data-slot="table-container" className={cn('relative w-full overflow-x-auto', containerClassName)}>
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

/**
 * The row actions column stays pinned to the table's right edge while the other columns scroll
 * under it, so Approve / Edit / Order are on screen at every width without scrolling sideways.
 * Opaque (the card's colour) with a shadow on its left edge that says more columns sit underneath.
 */
export const STICKY_ACTIONS =
  'sticky right-0 z-10 bg-card shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)] group-hover/row:bg-muted';

/** The first column (who the row is) pinned to the left edge, with a shadow on its right edge. */
export const STICKY_FIRST =
  'sticky left-0 z-10 bg-card shadow-[6px_0_6px_-6px_rgb(0_0_0/0.25)] group-hover/row:bg-muted';

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr className={cn('group/row border-b transition-colors hover:bg-muted/50', className)} {...props} />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
