/** The Overview's "My Recent Requests": the latest five of the signed-in user's requests, compact. */
import { HOLIDAY_MESSAGES, HOLIDAY_TYPE_LABELS, MY_RECENT_LIMIT } from '@hr/shared/hr/holiday-constants';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { useMyRequests } from '../api/list-my-requests';
import { formatDateRange, pluralDays } from '../lib/dates';
import { EmptyState, LoadingRows } from './states';
import { StatusBadge } from './status-badge';

/** Overview: the latest five requests, compact. */
export function RecentRequestsList() {
  const requests = useMyRequests(MY_RECENT_LIMIT);
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
  const items = requests.data.items.slice(0, MY_RECENT_LIMIT);
  if (items.length === 0) return <EmptyState>{HOLIDAY_MESSAGES.noRequests}</EmptyState>;
  return (
    <ul className="divide-y" aria-label="My recent requests">
      {items.map((request) => (
        <li
          key={request.id}
          className="flex items-center justify-between gap-3 py-2.5"
          data-testid="recent-request"
        >
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">
              {formatDateRange(request.startDate, request.endDate)}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {HOLIDAY_TYPE_LABELS[request.holidayType]} · {pluralDays(request.workingDays, 'working day')}
            </p>
          </div>
          <StatusBadge status={request.status} />
        </li>
      ))}
    </ul>
  );
}
