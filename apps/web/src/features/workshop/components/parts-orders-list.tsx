/** The /orders screen: every open job with parts still to order or receive, and only those parts. */
import { isPartSatisfied } from '@hr/shared/workshop/job-rules';
import { WORKSHOP_MESSAGES } from '@hr/shared/workshop/workshop-messages';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { useInvalidateOnCompanyChange } from '@/lib/company-changed';
import { useMe } from '@/lib/session';
import { usePartsOrders } from '../api/get-parts-orders';
import { workshopKeys } from '../api/workshop-keys';
import { workshopAbilities } from '../workshop-access';
import { DeadlineLabel } from './deadline-label';
import { formatQuantity } from './format';
import { BoardSkeleton } from './job-board';
import { PartsTable } from './parts-table';
import { JOB_STATUS_LABELS, StatusPill } from './status-pill';

export function PartsOrdersList() {
  const { data: me } = useMe();
  const abilities = workshopAbilities(me);
  useInvalidateOnCompanyChange(workshopKeys.all);
  const orders = usePartsOrders(me?.company?.id ?? null);

  if (orders.isPending) {
    return (
      <>
        <p className="sr-only" role="status">
          Loading orders...
        </p>
        <BoardSkeleton />
      </>
    );
  }
  if (orders.isError) {
    return (
      <LoadError title={WORKSHOP_MESSAGES.loadFailed} detail={errorMessage(orders.error)} query={orders} />
    );
  }
  const { jobs } = orders.data;
  if (jobs.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        Nothing to order: every open job has its parts in stock or received.
      </p>
    );
  }
  return (
    <ol className="grid grid-cols-1 gap-4" aria-label="Jobs waiting for parts">
      {jobs.map((job) => {
        const outstanding = job.parts.filter((p) => !isPartSatisfied(p));
        const others = job.parts.length - outstanding.length;
        return (
          <li key={job.id} className="min-w-0" data-testid="order-job" data-work-order={job.workOrderNumber}>
            <section
              aria-labelledby={`order-${job.id}`}
              className={`min-w-0 rounded-lg border bg-card p-4 shadow-xs ${job.isOverdue ? 'border-l-4 border-l-destructive' : ''}`}
            >
              <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 id={`order-${job.id}`} className="font-semibold">
                  <span className="font-mono text-sm text-muted-foreground">{job.workOrderNumber}</span>{' '}
                  {job.title}
                </h2>
                <StatusPill tone={JOB_STATUS_LABELS[job.status].tone}>
                  {JOB_STATUS_LABELS[job.status].label}
                </StatusPill>
                <span className="text-sm text-muted-foreground">
                  <DeadlineLabel deadline={job.deadline} overdue={job.isOverdue} />
                </span>
                <span className="text-sm text-muted-foreground">
                  Quantity {formatQuantity(job.quantityRequired)}
                </span>
              </div>
              <PartsTable
                job={job}
                parts={outstanding}
                abilities={abilities}
                caption={`Parts to order or receive for ${job.workOrderNumber}`}
              />
              {others > 0 && (
                <p className="mt-2 text-sm text-muted-foreground">
                  {others} other {others === 1 ? 'part is' : 'parts are'} in stock or received.
                </p>
              )}
            </section>
          </li>
        );
      })}
    </ol>
  );
}
