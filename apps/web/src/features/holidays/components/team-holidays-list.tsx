/** Overview: the next approved team holidays, compact. */
import {
  HOLIDAY_AWAY_LABEL,
  HOLIDAY_MESSAGES,
  HOLIDAY_TYPE_LABELS,
  UPCOMING_LIMIT,
} from '@hr/shared/hr/holiday-constants';
import { LoadError } from '@/components/load-error';
import { errorMessage } from '@/lib/api-client';
import { useUpcomingHolidays } from '../api/list-upcoming';
import { formatDateRange } from '../lib/dates';
import { EmptyState, LoadingRows } from './states';

export function TeamHolidaysList() {
  const upcoming = useUpcomingHolidays();
  if (upcoming.isPending) return <LoadingRows label="Loading team holidays" />;
  if (upcoming.isError) {
    return (
      <LoadError
        title={HOLIDAY_MESSAGES.loadCompanyHolidaysFailed}
        detail={errorMessage(upcoming.error)}
        query={upcoming}
      />
    );
  }
  const items = upcoming.data.items.slice(0, UPCOMING_LIMIT);
  if (items.length === 0) return <EmptyState>{HOLIDAY_MESSAGES.noUpcoming}</EmptyState>;
  return (
    <ul className="divide-y" aria-label="Upcoming team holidays">
      {items.map((holiday) => (
        <li key={holiday.id} className="flex items-center justify-between gap-3 py-2.5">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{holiday.employeeName}</p>
            <p className="truncate text-xs text-muted-foreground">
              {/* The server leaves out the type of a colleague's absence unless this user may see it. */}
              {holiday.holidayType ? HOLIDAY_TYPE_LABELS[holiday.holidayType] : HOLIDAY_AWAY_LABEL}
            </p>
          </div>
          <p className="shrink-0 text-right text-xs text-muted-foreground">
            {formatDateRange(holiday.startDate, holiday.endDate)}
          </p>
        </li>
      ))}
    </ul>
  );
}
