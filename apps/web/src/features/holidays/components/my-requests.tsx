/**
 * The requester's own requests: the full table with Cancel. Its own chunk, loaded when shown (the
 * My Requests tab, a line manager's Overview; ADR 0130); the Overview's latest five are
 * `RecentRequestsList`.
 */
import { HOLIDAY_MESSAGES, HOLIDAY_TYPE_LABELS } from '@hr/shared/hr/holiday-constants';
import type { HolidayRequest } from '@hr/shared/hr/holidays.schemas';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
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
import { errorMessage } from '@/lib/api-client';
import { useMyRequests } from '../api/list-my-requests';
import { useNarrow } from '../hooks/use-narrow';
import { formatDateRange, formatTimestamp, pluralDays } from '../lib/dates';
import { isCancellable } from '../lib/requests';
import { CancelRequestDialog } from './cancel-request-dialog';
import { EmptyState, LoadingRows } from './states';
import { StatusBadge } from './status-badge';

function describe(request: HolidayRequest): string {
  return `${HOLIDAY_TYPE_LABELS[request.holidayType]}, ${formatDateRange(request.startDate, request.endDate)}`;
}

function CancelButton({ request, onCancel }: { request: HolidayRequest; onCancel: () => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onCancel}
      aria-label={`Cancel request: ${describe(request)}`}
    >
      Cancel
    </Button>
  );
}

/** Every request of the signed-in user, with status badges and Cancel where the server allows it. */
export default function MyRequestsTable({ today }: { today: string }) {
  const requests = useMyRequests();
  // Under 1280 px the columns do not fit beside the sidebar once reasons and comments are long
  // (layout.spec.ts): a list instead.
  const narrow = useNarrow(1280);
  const [cancelling, setCancelling] = useState<HolidayRequest | null>(null);

  if (requests.isPending) return <LoadingRows label="Loading holiday requests" />;
  if (requests.isError) {
    return (
      <LoadError
        title={HOLIDAY_MESSAGES.loadRequestsFailed}
        detail={errorMessage(requests.error)}
        query={requests}
      />
    );
  }
  const items = requests.data.items;
  if (items.length === 0) return <EmptyState>{HOLIDAY_MESSAGES.noRequests}</EmptyState>;

  return (
    <>
      {narrow ? (
        <ul className="grid gap-3" aria-label="My holiday requests">
          {items.map((request) => (
            <li key={request.id} className="grid gap-2 rounded-md border p-3" data-testid="my-request">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">{formatDateRange(request.startDate, request.endDate)}</p>
                  <p className="text-sm text-muted-foreground">
                    {HOLIDAY_TYPE_LABELS[request.holidayType]} ·{' '}
                    {pluralDays(request.workingDays, 'working day')}
                  </p>
                </div>
                <StatusBadge status={request.status} />
              </div>
              {request.reason && <p className="text-sm break-words">{request.reason}</p>}
              {request.reviewerComments && (
                <p className="text-sm text-muted-foreground break-words">
                  Comment: {request.reviewerComments}
                </p>
              )}
              <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>Submitted {formatTimestamp(request.submittedAt)}</span>
                {isCancellable(request, today) && (
                  <CancelButton request={request} onCancel={() => setCancelling(request)} />
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table aria-label="My holiday requests">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Dates</TableHead>
              <TableHead>Type</TableHead>
              <TableHead className="whitespace-normal!">Working Days</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead className="whitespace-normal!">Manager Comment</TableHead>
              <TableHead>Submitted</TableHead>
              <TableHead className={`text-right ${STICKY_ACTIONS}`}>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((request) => (
              <TableRow key={request.id} data-testid="my-request">
                <TableCell className="whitespace-nowrap font-medium">
                  {formatDateRange(request.startDate, request.endDate)}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {HOLIDAY_TYPE_LABELS[request.holidayType]}
                </TableCell>
                <TableCell>{request.workingDays}</TableCell>
                <TableCell>
                  <StatusBadge status={request.status} />
                </TableCell>
                <TableCell className="max-w-48 wrap-anywhere">
                  {request.reason ?? <span className="text-muted-foreground">—</span>}
                </TableCell>
                <TableCell className="max-w-56 wrap-anywhere">
                  {request.reviewerComments ?? <span className="text-muted-foreground">—</span>}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatTimestamp(request.submittedAt)}</TableCell>
                <TableCell className={`text-right ${STICKY_ACTIONS}`}>
                  {isCancellable(request, today) && (
                    <CancelButton request={request} onCancel={() => setCancelling(request)} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <CancelRequestDialog request={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
