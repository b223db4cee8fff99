/** A failed load: what failed, why (when the server said), and "Try again", which refetches. */
import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';

export const TRY_AGAIN = 'Try again';

/** The part of a TanStack query (or several) that Try again needs. */
export interface RetryableQuery {
  refetch: () => unknown;
  isFetching: boolean;
}

export interface LoadErrorProps {
  title: string;
  detail?: string;
  /** The failed query: Try again calls its refetch and waits while it runs. */
  query: RetryableQuery;
  className?: string;
}

export function LoadError({ title, detail, query, className }: LoadErrorProps) {
  return (
    <Alert variant="destructive" className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium">{title}</p>
        {detail && detail !== title && <p className="mt-1 text-sm">{detail}</p>}
      </div>
      <Button
        size="sm"
        variant="outline"
        className="text-foreground"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
        aria-busy={query.isFetching}
      >
        <RefreshCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
        {TRY_AGAIN}
      </Button>
    </Alert>
  );
}

/** Several queries behind one message: Try again refetches the ones that failed. */
export function failedQueries(queries: ReadonlyArray<RetryableQuery & { isError: boolean }>): RetryableQuery {
  const failed = queries.filter((q) => q.isError);
  return {
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
    isFetching: failed.some((q) => q.isFetching),
  };
}
