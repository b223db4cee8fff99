/**
 * Which screens a live notification makes stale: the stream tells us a notification arrived, the
 * notification's type says what changed on the server, and these query keys are refetched so the
 * page shows it without a reload (My Requests row, balance, approvals, calendar, upcoming).
 */
import type { QueryKey } from '@tanstack/react-query';
import { employeeKeys } from '@/features/employees/api/keys';
import { holidayKeys } from '@/features/holidays/api/keys';

/** Everything a notification can report a change of: refreshed after a reconnect, when events may be lost. */
export const LIVE_QUERY_KEYS: readonly QueryKey[] = [holidayKeys.all, employeeKeys.all];

/**
 * The queries a notification of `type` makes stale (passed to the notification stream); an unknown
 * type, or none (a reconnect), refreshes everything live.
 */
export function queryKeysAffectedBy(type: string | undefined): readonly QueryKey[] {
  switch (type) {
    // Someone asked me (their line manager or a super admin) to decide a request.
    case 'holiday_request':
      return [holidayKeys.approvals()];
    // My request was approved or rejected: its row, my balance, the calendar and upcoming list, and
    // the employee list's balances.
    case 'holiday_decision':
      return [
        [...holidayKeys.all, 'requests'],
        holidayKeys.balance(),
        [...holidayKeys.all, 'calendar'],
        [...holidayKeys.all, 'calendar-day'],
        holidayKeys.upcoming(),
        employeeKeys.all,
      ];
    default:
      return LIVE_QUERY_KEYS;
  }
}
