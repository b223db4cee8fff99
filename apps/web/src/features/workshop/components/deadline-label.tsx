import { AlertTriangle } from 'lucide-react';
import { cn } from '@/lib/class-names';
import { formatDay } from './format';

/** The deadline, in red with an Overdue marker when the server says it has passed. */
export function DeadlineLabel({
  deadline,
  overdue,
  className,
}: {
  deadline: string;
  overdue: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn('inline-flex items-center gap-1', overdue && 'font-semibold text-destructive', className)}
    >
      {overdue && <AlertTriangle className="size-4" aria-hidden="true" />}
      <span>Due {formatDay(deadline)}</span>
      {overdue && <span>(Overdue)</span>}
    </span>
  );
}
