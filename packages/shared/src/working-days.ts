/** Working-day arithmetic on calendar dates (yyyy-MM-dd), independent of time zones. */
import { WEEKDAYS, type Weekday } from './company/company-settings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtc(date: string): number {
  // yyyy-MM-dd, as every stored and validated date is, without the arrays of a split.
  if (date.length === 10 && date[4] === '-' && date[7] === '-') {
    return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  }
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
}

/** Inclusive count of calendar days from start to end; 0 when end is before start. */
export function inclusiveDayCount(start: string, end: string): number {
  const diff = Math.round((toUtc(end) - toUtc(start)) / DAY_MS);
  return diff < 0 ? 0 : diff + 1;
}

/** Days from start to end (inclusive) whose weekday is in the pattern; monday to friday by default. */
export function countWorkingDays(
  start: string,
  end: string,
  pattern: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
): number {
  const allowed = new Set(pattern.length ? pattern : WEEKDAYS.slice(0, 5));
  let count = 0;
  for (let t = toUtc(start), last = toUtc(end); t <= last; t += DAY_MS) {
    // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
    const weekday = WEEKDAYS[(new Date(t).getUTCDay() + 6) % 7] as Weekday;
    if (allowed.has(weekday)) count++;
  }
  return count;
}

/** yyyy-MM-dd of a Date in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(toUtc(date) + days * DAY_MS));
}
