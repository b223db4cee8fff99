import type { ComponentProps } from 'react';
import { cn } from '@/lib/class-names';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="badge"
      className={cn(
        'inline-flex items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground',
        className,
      )}
      {...props}
    />
  );
}
