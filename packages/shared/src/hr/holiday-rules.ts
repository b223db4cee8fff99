/** Pure holiday rules shared by server and browser: the holiday year, overlaps and the balance. */
import type { Weekday } from '../company/company-settings.ts';
import { addDays, countWorkingDays } from '../working-days.ts';

export interface DateRange {
  start: string;
  end: string;
}

/**
 * The holiday year that contains `today` (yyyy-MM-dd), for a company whose year starts on the first of
 * `startMonth` (1-12). It ends the day before the next start, so January gives 1 Jan to 31 Dec.
 */
export function holidayYearWindow(today: string, startMonth: number): DateRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  const pad = String(startMonth).padStart(2, '0');
  const start = `${startYear}-${pad}-01`;
  // The last day of the month before the next start, without a Date: read on every row of the
  // balances a list, the approvals and the reports show.
  const endYear = startMonth === 1 ? startYear : startYear + 1;
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  const end = `${endYear}-${String(endMonth).padStart(2, '0')}-${daysInMonth(endYear, endMonth)}`;
  return { start, end };
}

const THIRTY_DAY_MONTHS: ReadonlySet<number> = new Set([4, 6, 9, 11]);

/** Days in `month` (1-12) of `year`, in the Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return THIRTY_DAY_MONTHS.has(month) ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}

/** Inclusive date ranges overlap when each starts on or before the other ends. */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/** The part of `range` inside `window`, or null when they do not meet. */
export function clipRange(range: DateRange, window: DateRange): DateRange | null {
  if (!rangesOverlap(range, window)) return null;
  return { start: laterDate(range.start, window.start), end: earlierDate(range.end, window.end) };
}

/** yyyy-MM-dd strings order like the dates they name (Math.max would turn them into NaN). */
export function laterDate(a: string, b: string): string {
  return a > b ? a : b;
}

export function earlierDate(a: string, b: string): string {
  return a < b ? a : b;
}

export interface HolidayBalanceInput {
  /** annual_holiday_days of the employee record. */
  total: number;
  /** holiday_days_used of the record: the opening adjustment (days taken before the app was used). */
  openingUsed: number;
  /**
   * Approved annual-leave requests of the employee, with the working days stored on each at booking
   * time: a later change of the company's week does not rewrite what was booked (ADR 0064).
   */
  approvedAnnual: BookedRange[];
  window: DateRange;
  /** Today's week of the company: only used to split a request that crosses the year's edge. */
  pattern: readonly Weekday[];
}

/** A booked request: its dates and the working days counted when it was submitted. */
export interface BookedRange extends DateRange {
  workingDays: number;
}

/**
 * The booked working days of `request` that fall inside `window`. A request inside the window counts
 * exactly what was stored when it was booked. One crossing the window's edge counts its stored days
 * less the working days (by today's week) of the part outside, never below 0, so while the week is
 * unchanged the two holiday years' shares add up to the stored total.
 */
export function bookedDaysInside(
  request: BookedRange,
  window: DateRange,
  pattern: readonly Weekday[],
): number {
  const inside = clipRange(request, window);
  if (!inside) return 0;
  if (inside.start === request.start && inside.end === request.end) return request.workingDays;
  return Math.max(0, request.workingDays - workingDaysOutside(request, inside, pattern));
}

function workingDaysOutside(request: DateRange, inside: DateRange, pattern: readonly Weekday[]): number {
  let outside = 0;
  if (request.start < inside.start)
    outside += countWorkingDays(request.start, addDays(inside.start, -1), pattern);
  if (request.end > inside.end) outside += countWorkingDays(addDays(inside.end, 1), request.end, pattern);
  return outside;
}

export interface HolidayBalance {
  total: number;
  used: number;
  remaining: number;
  /** Share of the entitlement used, 0 to 100 (capped, for the progress bar). */
  percentUsed: number;
}

/**
 * Balance: used = opening adjustment + the booked working days of approved annual leave inside the
 * holiday year (`bookedDaysInside`).
 */
export function computeHolidayBalance(input: HolidayBalanceInput): HolidayBalance {
  let taken = 0;
  for (const request of input.approvedAnnual) taken += bookedDaysInside(request, input.window, input.pattern);
  const used = round1(input.openingUsed + taken);
  const remaining = round1(input.total - used);
  const percentUsed =
    input.total > 0 ? Math.min(100, Math.max(0, (used / input.total) * 100)) : used > 0 ? 100 : 0;
  return { total: input.total, used, remaining, percentUsed: round1(percentUsed) };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** First and last day of a month given as yyyy-MM. */
export function monthRange(month: string): DateRange {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const start = `${month}-01`;
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  return { start, end: addDays(next, -1) };
}
