import type { ComponentProps } from 'react';
import { cn } from '@/lib/class-names';

const VARIANTS = {
  default: 'border-border bg-background text-foreground',
  destructive: 'border-destructive/40 bg-red-50 text-destructive',
  success: 'border-green-600/40 bg-green-50 text-green-800',
} as const;

export interface AlertProps extends ComponentProps<'div'> {
  variant?: keyof typeof VARIANTS;
}

/** A message box; destructive ones are announced (role alert), the rest politely (role status). */
export function Alert({ className, variant = 'default', role, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn('relative w-full rounded-lg border px-4 py-3 text-sm', VARIANTS[variant], className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mb-1 font-medium leading-none', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-sm', className)} {...props} />;
}
