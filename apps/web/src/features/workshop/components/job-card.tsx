/** One job in a list: what it is, when it is due, how its parts stand, and its quick actions. */
import type { JobSummary } from '@hr/shared/workshop/workshop.schemas';
import { CalendarPlus, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { DeadlineLabel } from './deadline-label';
import { formatQuantity } from './format';
import { JOB_STATUS_LABELS, StatusPill } from './status-pill';

export function JobCard({
  job,
  handle,
  onOpen,
  onMarkScheduled,
  markingScheduled,
  className,
}: {
  job: JobSummary;
  /** The drag handle, when the list can be reordered. */
  handle?: ReactNode;
  onOpen: (job: JobSummary) => void;
  onMarkScheduled?: (job: JobSummary) => void;
  markingScheduled?: boolean;
  className?: string;
}) {
  const { total, ready, toOrder, awaiting } = job.partCounts;
  const status = JOB_STATUS_LABELS[job.status];
  return (
    <article
      aria-label={`${job.workOrderNumber} ${job.title}`}
      className={cn(
        'flex min-w-0 items-start gap-2 rounded-lg border border-l-4 bg-card p-3 shadow-xs',
        job.isOverdue && 'border-l-destructive',
        className,
      )}
    >
      {handle}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold break-words">
            <span className="font-mono text-sm text-muted-foreground">{job.workOrderNumber}</span> {job.title}
          </h3>
          <StatusPill tone={status.tone}>{status.label}</StatusPill>
          {job.isNew && !job.isComplete && <StatusPill tone="warning">New</StatusPill>}
          {job.issued && <StatusPill tone="success">Issued</StatusPill>}
        </div>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <DeadlineLabel deadline={job.deadline} overdue={job.isOverdue} />
          <span>Quantity {formatQuantity(job.quantityRequired)}</span>
          <span>
            Parts ready {ready} of {total}
          </span>
          {toOrder > 0 && <span className="font-medium text-destructive">{toOrder} to order</span>}
          {awaiting > 0 && <span className="font-medium text-blue-800">{awaiting} awaiting delivery</span>}
        </p>
        {job.comments && <p className="mt-1 line-clamp-2 text-sm">{job.comments}</p>}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2 sm:flex-row sm:items-center">
        {onMarkScheduled && job.isNew && !job.isComplete && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onMarkScheduled(job)}
            disabled={markingScheduled}
            aria-label={`Mark ${job.workOrderNumber} scheduled`}
          >
            <CalendarPlus aria-hidden="true" />
            <span className="hidden sm:inline">Mark scheduled</span>
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onOpen(job)}
          aria-label={`Open ${job.workOrderNumber}`}
        >
          Details
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </article>
  );
}
