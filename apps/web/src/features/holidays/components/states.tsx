/** The small building blocks of the tabs: loading rows, empty states, (load errors: components/load-error). */
import { Skeleton } from '@/components/ui/skeleton';

export function LoadingRows({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
