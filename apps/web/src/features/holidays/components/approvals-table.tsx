/** Approvals (line managers): pending requests of their reports, each with Approve and Reject. */
import { HOLIDAY_MESSAGES, HOLIDAY_TYPE_LABELS } from '@hr/shared/hr/holiday-constants';
import type { PendingApproval } from '@hr/shared/hr/holidays.schemas';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import {
  STICKY_ACTIONS,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { notify } from '@/lib/toast';
import { useDecideHolidayRequest } from '../api/decide-request';
import { useApprovals } from '../api/list-approvals';
import { useNarrow } from '../hooks/use-narrow';
import { othersAwayText, remainingText } from '../lib/approval-context';
import { formatDateRange, formatTimestamp, pluralDays } from '../lib/dates';
import { type Decision, DecisionDialog } from './decision-dialog';
import { EmptyState, LoadingRows } from './states';

function requester(request: PendingApproval): string {
  return request.requesterName || HOLIDAY_MESSAGES.unknownEmployee;
}

function Actions({ request, onDecide }: { request: PendingApproval; onDecide: (d: Decision) => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        size="sm"
        onClick={() => onDecide('approve')}
        aria-label={`Approve request of ${requester(request)}`}
      >
        <Check aria-hidden="true" />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-destructive"
        onClick={() => onDecide('reject')}
        aria-label={`Reject request of ${requester(request)}`}
      >
        <X aria-hidden="true" />
        Reject
      </Button>
    </div>
  );
}

function uniqueById(requests: PendingApproval[]): PendingApproval[] {
  const seen = new Set<string>();
  return requests.filter((r) => !seen.has(r.id) && Boolean(seen.add(r.id)));
}

export function ApprovalsTable() {
  const approvals = useApprovals();
  const decide = useDecideHolidayRequest();
  const narrow = useNarrow(1024);
  const [open, setOpen] = useState<{ request: PendingApproval; decision: Decision } | null>(null);

  const confirm = (comment: string) => {
    if (!open) return;
    const { request, decision } = open;
    decide.mutate(
      { id: request.id, body: { decision, comment: comment || null } },
      {
        onSuccess: () => {
          notify.success(decision === 'approve' ? HOLIDAY_MESSAGES.approved : HOLIDAY_MESSAGES.rejected);
          setOpen(null);
        },
        onError: (error) => {
          // Cancelled or decided meanwhile (409), or gone (404): nothing is left to decide, so the
          // dialog closes; the list refreshes (the mutation invalidates the holiday queries).
          if (error instanceof ApiError && (error.status === 409 || error.status === 404)) setOpen(null);
          notify.error(
            decision === 'approve' ? HOLIDAY_MESSAGES.approveFailed : HOLIDAY_MESSAGES.rejectFailed,
            errorMessage(error),
          );
        },
      },
    );
  };

  // The pages loaded so far, in order; a request that moved between two pages' reads is shown once.
  const items = approvals.data ? uniqueById(approvals.data.pages.flatMap((page) => page.items)) : [];
  const total = approvals.data?.pages[0]?.total ?? 0;

  let body: React.ReactNode;
  if (approvals.isPending) body = <LoadingRows label="Loading pending requests" />;
  else if (!approvals.data) {
    body = (
      <LoadError
        title={HOLIDAY_MESSAGES.loadPendingFailed}
        detail={errorMessage(approvals.error)}
        query={approvals}
      />
    );
  } else if (items.length === 0) body = <EmptyState>{HOLIDAY_MESSAGES.noPending}</EmptyState>;
  else if (narrow) {
    body = (
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Pending approvals">
        {items.map((request) => (
          <li key={request.id} className="grid gap-2 rounded-md border p-3" data-testid="approval">
            <div>
              <p className="font-medium">{requester(request)}</p>
              {request.requesterEmail && (
                <p className="text-xs break-all text-muted-foreground">{request.requesterEmail}</p>
              )}
            </div>
            <p className="text-sm">
              {formatDateRange(request.startDate, request.endDate)} ·{' '}
              {HOLIDAY_TYPE_LABELS[request.holidayType]} · {pluralDays(request.workingDays, 'working day')}
            </p>
            <p className="text-xs" data-testid="approval-context">
              {remainingText(request)} · {othersAwayText(request)}
            </p>
            {request.reason && <p className="text-sm break-words text-muted-foreground">{request.reason}</p>}
            <p className="text-xs text-muted-foreground">Submitted {formatTimestamp(request.submittedAt)}</p>
            <Actions request={request} onDecide={(decision) => setOpen({ request, decision })} />
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <Table aria-label="Pending approvals">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Employee</TableHead>
            <TableHead>Dates</TableHead>
            <TableHead>Type</TableHead>
            <TableHead className="whitespace-normal!">Working Days</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Submitted</TableHead>
            <TableHead className={cn('text-right', STICKY_ACTIONS)}>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((request) => (
            <TableRow key={request.id} data-testid="approval">
              <TableCell>
                <p className="font-medium whitespace-nowrap">{requester(request)}</p>
                {request.requesterEmail && (
                  <p className="text-xs text-muted-foreground">{request.requesterEmail}</p>
                )}
              </TableCell>
              <TableCell>
                <p className="whitespace-nowrap">{formatDateRange(request.startDate, request.endDate)}</p>
                <p className="max-w-56 text-xs text-muted-foreground" data-testid="approval-context">
                  {remainingText(request)} · {othersAwayText(request)}
                </p>
              </TableCell>
              <TableCell className="whitespace-nowrap">{HOLIDAY_TYPE_LABELS[request.holidayType]}</TableCell>
              <TableCell>{request.workingDays}</TableCell>
              <TableCell className="max-w-48 wrap-break-word">
                {request.reason ?? <span className="text-muted-foreground">—</span>}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatTimestamp(request.submittedAt)}</TableCell>
              <TableCell className={cn('w-32', STICKY_ACTIONS)}>
                <Actions request={request} onDecide={(decision) => setOpen({ request, decision })} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  // A later page that failed to load: its error beside the count, and Load more stays where it was
  // (with the keyboard's focus) to ask for that page again, as on the workshop board.
  const moreFailed = approvals.data !== undefined && approvals.isFetchNextPageError;
  const failedTitle = HOLIDAY_MESSAGES.loadPendingFailed;
  const failedDetail = moreFailed ? errorMessage(approvals.error, failedTitle) : failedTitle;
  const more =
    items.length > 0 ? (
      <LoadMore
        status={items.length < total ? `Showing ${items.length} of ${total}` : `${total} pending`}
        label="Load more"
        hasMore={approvals.hasNextPage}
        loading={approvals.isFetchingNextPage}
        onLoad={() => approvals.fetchNextPage()}
      >
        {moreFailed && (
          <span className="text-sm text-destructive" role="alert">
            {failedDetail === failedTitle ? failedTitle : `${failedTitle}: ${failedDetail}`}
          </span>
        )}
      </LoadMore>
    ) : null;

  return (
    <>
      {body}
      {more}
      <DecisionDialog
        key={open ? `${open.request.id}-${open.decision}` : 'closed'}
        request={open?.request ?? null}
        decision={open?.decision ?? 'approve'}
        pending={decide.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
