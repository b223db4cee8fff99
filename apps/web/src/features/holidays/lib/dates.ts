/** Calendar dates as yyyy-MM-dd strings in the browser's own day, and how the page shows them. */
import { isValidIsoMonth } from '@hr/shared/date-range';
import { monthRange } from '@hr/shared/hr/holiday-rules';
import { addDays } from '@hr/shared/working-days';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Today in the user's time zone (not UTC: just after midnight it is already tomorrow here). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function toLocalDate(value: string): Date | null {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m) return null;
  return new Date(y, m - 1, d ?? 1);
}

/** "23 Nov 2026" / "Nov 23, 2026": the browser's date format. */
export function formatDate(value: string): string {
  const date = toLocalDate(value);
  return date
    ? date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })
    : value;
}

/** A timestamp (submitted at) as a local date. */
export function formatTimestamp(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(localToday(date));
}

/** "Dec 14 – 18, 2026" / "14–18 Dec 2026": the browser's own range format, shared parts written once. */
export function formatDateRange(start: string, end: string): string {
  if (start === end) return formatDate(start);
  const from = toLocalDate(start);
  const to = toLocalDate(end);
  if (!from || !to) return `${start} – ${end}`;
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    from,
    to,
  );
}

export function pluralDays(count: number, word = 'day'): string {
  const rounded = Math.round(count * 10) / 10;
  if (rounded === 0.5) return `½ ${word}`;
  return `${rounded} ${rounded === 1 ? word : `${word}s`}`;
}

/** yyyy-MM of a yyyy-MM-dd date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function shiftMonth(month: string, delta: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + delta;
  const year = y + Math.floor(m / 12);
  const index = ((m % 12) + 12) % 12;
  return `${year}-${pad(index + 1)}`;
}

/** A yyyy-MM month the server accepts (years 1900-2999, as every date). */
export function isMonth(value: string | null): value is string {
  return value !== null && isValidIsoMonth(value);
}

/** "December 2026". */
export function monthLabel(month: string): string {
  const date = toLocalDate(`${month}-01`);
  return date ? date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' }) : month;
}

export const WEEKDAY_LABELS = [
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
  { short: 'Sun', long: 'Sunday' },
] as const;

/** The month as whole Monday-first weeks: dates of the month, null for the padding cells. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const { start, end } = monthRange(month);
  const first = toLocalDate(start) as Date;
  const lead = (first.getDay() + 6) % 7;
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let day = start; day <= end; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The days of `month` from `start` to `end` (inclusive), clipped to the month. */
export function daysInMonthBetween(month: string, start: string, end: string): string[] {
  const range = monthRange(month);
  const from = start > range.start ? start : range.start;
  const to = end < range.end ? end : range.end;
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
