/**
 * What a leave request costs in working days: the employee's week, their region's bank holidays, the
 * company's closures and worked holidays, half days; and the split of a request at the holiday year's
 * edge. Pure: the server computes and stores the result at booking (ADR 0086).
 */
import { WEEKDAYS, type Weekday } from '../company/company-settings.ts';
import { earlierDate, holidayYearWindow } from '../hr/holiday-rules.ts';
import { addDays } from '../working-days.ts';
import type { CalendarDayKind } from './calendar-days.schemas.ts';
import { type PublicHoliday, publicHolidaysBetween } from './public-holidays.ts';

/** A company closure day or a public holiday the company works (`company_calendar_days`). */
export interface CompanyCalendarDay {
  date: string;
  kind: CalendarDayKind;
  name: string;
  /** Closures only: whether the day is charged to the employee as leave. */
  countsAsLeave: boolean;
}

/** Everything the count depends on, for one employee. */
export interface LeaveCalendar {
  /** The employee's working pattern, else the company's. */
  pattern: readonly Weekday[];
  /** The employee's region, else the company's default region. */
  region: string;
  companyDays: readonly CompanyCalendarDay[];
}

export interface LeaveSpan {
  start: string;
  end: string;
  /** The first day starts at midday: half of it is taken. */
  startHalfDay?: boolean;
  /** The last day ends at midday: half of it is taken. */
  endHalfDay?: boolean;
}

export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] as Weekday;
}

/** The bank holidays of the calendar's region in the span that the company does not work. */
export function bankHolidaysOff(calendar: LeaveCalendar, start: string, end: string): PublicHoliday[] {
  const worked = new Set(calendar.companyDays.filter((d) => d.kind === 'worked_holiday').map((d) => d.date));
  return publicHolidaysBetween(calendar.region, start, end).filter((h) => !worked.has(h.date));
}

/**
 * Working days the span costs, in 0.5 steps. A day is charged when it is in the pattern, is not a bank
 * holiday (unless the company works it) and is not a closure that is not counted as leave (closures
 * counted as leave are charged). The first day counts half with `startHalfDay`, the last with
 * `endHalfDay`; a one-day span with either costs half a day.
 */
export function countLeaveDays(span: LeaveSpan, calendar: LeaveCalendar): number {
  if (span.end < span.start) return 0;
  const pattern = new Set(calendar.pattern.length ? calendar.pattern : WEEKDAYS.slice(0, 5));
  const holidays = new Set(bankHolidaysOff(calendar, span.start, span.end).map((h) => h.date));
  const freeClosures = new Set(
    calendar.companyDays.filter((d) => d.kind === 'closure' && !d.countsAsLeave).map((d) => d.date),
  );
  let halves = 0;
  for (let date = span.start; date <= span.end; date = addDays(date, 1)) {
    if (!pattern.has(weekdayOf(date)) || holidays.has(date) || freeClosures.has(date)) continue;
    const half = (date === span.start && span.startHalfDay) || (date === span.end && span.endHalfDay) ? 1 : 2;
    halves += half;
  }
  return halves / 2;
}

export interface HolidayYearPart extends LeaveSpan {
  /** The holiday year the part belongs to: the calendar year its window starts in. */
  holidayYear: number;
  startHalfDay: boolean;
  endHalfDay: boolean;
}

/**
 * The span cut at each holiday-year boundary (years start on the first of `startMonth`): one part per
 * holiday year, in order. A half day stays with the day it belongs to.
 */
export function splitByHolidayYear(span: LeaveSpan, startMonth: number): HolidayYearPart[] {
  const parts: HolidayYearPart[] = [];
  let start = span.start;
  while (start <= span.end) {
    const window = holidayYearWindow(start, startMonth);
    const end = earlierDate(window.end, span.end);
    parts.push({
      start,
      end,
      holidayYear: Number(window.start.slice(0, 4)),
      startHalfDay: start === span.start && Boolean(span.startHalfDay),
      endHalfDay: end === span.end && Boolean(span.endHalfDay),
    });
    start = addDays(end, 1);
  }
  return parts;
}

/**
 * The first Monday on or after `from` that starts `weeks` whole weeks without a bank holiday of
 * `region`: dates for seeds and tests whose counts must not depend on when they run.
 */
export function clearMondayFrom(from: string, region: string, weeks = 1): string {
  let monday = from;
  while (weekdayOf(monday) !== 'monday') monday = addDays(monday, 1);
  while (publicHolidaysBetween(region, monday, addDays(monday, 7 * weeks - 1)).length > 0) {
    monday = addDays(monday, 7);
  }
  return monday;
}

/**
 * The last Monday on or before `from` that starts `weeks` whole weeks without a bank holiday of
 * `region`: past dates for seeds and tests whose counts must not depend on when they run.
 */
export function clearMondayBefore(from: string, region: string, weeks = 1): string {
  let monday = from;
  while (weekdayOf(monday) !== 'monday') monday = addDays(monday, -1);
  while (publicHolidaysBetween(region, monday, addDays(monday, 7 * weeks - 1)).length > 0) {
    monday = addDays(monday, -7);
  }
  return monday;
}

/**
 * The last weekday (Monday to Friday) on or before `from` that is not a bank holiday of `region`: a
 * working day in a Monday-to-Friday week, for tests that need one near a date whatever the date.
 */
export function workingWeekdayOnOrBefore(from: string, region: string): string {
  let day = from;
  while (
    weekdayOf(day) === 'saturday' ||
    weekdayOf(day) === 'sunday' ||
    publicHolidaysBetween(region, day, day).length > 0
  ) {
    day = addDays(day, -1);
  }
  return day;
}
