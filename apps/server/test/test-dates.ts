/**
 * Future Mondays for a test file's bookings, whatever the day the tests run (docs/operations.md,
 * "Tests on other days").
 */
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';

/**
 * `mondayAfter(days)`: a Monday at least `days` from today that starts `weeks` whole weeks without a
 * bank holiday in England and Wales, so a booking's working days are the same on any day. The same
 * `days` always gives the same Monday; different `days` always give different Mondays, in the same
 * order when asked in increasing order. Without that, two offsets a week or two apart could give one
 * Monday when the weeks between them have bank holidays (Christmas and New Year, Easter), and the
 * second booking overlapped the first on those days only.
 */
export function distinctClearMondays(weeks = 1, today = isoDate(new Date())) {
  const given = new Map<number, string>();
  const taken = new Set<string>();
  return function mondayAfter(days: number): string {
    const known = given.get(days);
    if (known) return known;
    let monday = clearMondayFrom(addDays(today, days), 'england-and-wales', weeks);
    while (taken.has(monday)) monday = clearMondayFrom(addDays(monday, 7), 'england-and-wales', weeks);
    given.set(days, monday);
    taken.add(monday);
    return monday;
  };
}
