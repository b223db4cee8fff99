import { describe, expect, it } from 'vitest';
import type { Weekday } from '../company/company-settings.ts';
import { formatDayCount, formatWorkingDays } from './day-count-text.ts';
import {
  type CompanyCalendarDay,
  clearMondayBefore,
  clearMondayFrom,
  countLeaveDays,
  type LeaveCalendar,
  splitByHolidayYear,
  workingWeekdayOnOrBefore,
} from './leave-days.ts';

const FULL_TIME: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const MON_WED: Weekday[] = ['monday', 'tuesday', 'wednesday'];
const closure = (date: string, countsAsLeave: boolean): CompanyCalendarDay => ({
  date,
  kind: 'closure',
  name: 'Office closed',
  countsAsLeave,
});
const worked = (date: string): CompanyCalendarDay => ({
  date,
  kind: 'worked_holiday',
  name: 'Worked',
  countsAsLeave: false,
});

function calendar(over: Partial<LeaveCalendar> = {}): LeaveCalendar {
  return { pattern: FULL_TIME, region: 'england-and-wales', companyDays: [], ...over };
}

describe('countLeaveDays', () => {
  it.each<[string, string, string, Partial<LeaveCalendar>, boolean, boolean, number]>([
    // name, start, end, calendar, startHalfDay, endHalfDay, expected
    ['a plain week', '2026-11-23', '2026-11-27', {}, false, false, 5],
    [
      'Christmas to New Year, England (the issue: 7, not 10)',
      '2026-12-21',
      '2027-01-01',
      {},
      false,
      false,
      7,
    ],
    [
      'the same in Scotland (2 January is a Saturday)',
      '2026-12-21',
      '2027-01-01',
      { region: 'scotland' },
      false,
      false,
      7,
    ],
    ['a week over St Andrew’s Day, England', '2026-11-30', '2026-12-04', {}, false, false, 5],
    [
      'a week over St Andrew’s Day, Scotland',
      '2026-11-30',
      '2026-12-04',
      { region: 'scotland' },
      false,
      false,
      4,
    ],
    ['Mon-Wed part-timer, a whole week', '2026-11-23', '2026-11-29', { pattern: MON_WED }, false, false, 3],
    [
      'Mon-Wed Scottish part-timer over St Andrew’s Day',
      '2026-11-30',
      '2026-12-04',
      { pattern: MON_WED, region: 'scotland' },
      false,
      false,
      2,
    ],
    ['a single day starting at midday', '2026-11-24', '2026-11-24', {}, true, false, 0.5],
    ['a single day ending at midday', '2026-11-24', '2026-11-24', {}, false, true, 0.5],
    ['a single day with both halves', '2026-11-24', '2026-11-24', {}, true, true, 0.5],
    ['a week starting at midday', '2026-11-23', '2026-11-27', {}, true, false, 4.5],
    ['a week with both halves', '2026-11-23', '2026-11-27', {}, true, true, 4],
    ['a half day on a bank holiday costs nothing', '2026-12-25', '2026-12-25', {}, true, false, 0],
    [
      'a half day on a non-working day costs nothing',
      '2026-11-26',
      '2026-11-26',
      { pattern: MON_WED },
      false,
      true,
      0,
    ],
    ['a weekend', '2026-11-28', '2026-11-29', {}, false, false, 0],
    ['Easter Monday is free in England', '2026-04-06', '2026-04-06', {}, false, false, 0],
    [
      'Easter Monday is a working day in Scotland',
      '2026-04-06',
      '2026-04-06',
      { region: 'scotland' },
      false,
      false,
      1,
    ],
    [
      'a closure not counted as leave is free',
      '2026-11-23',
      '2026-11-27',
      { companyDays: [closure('2026-11-25', false)] },
      false,
      false,
      4,
    ],
    [
      'a closure counted as leave is charged',
      '2026-11-23',
      '2026-11-27',
      { companyDays: [closure('2026-11-25', true)] },
      false,
      false,
      5,
    ],
    [
      'a worked bank holiday is a working day',
      '2026-12-21',
      '2026-12-31',
      { companyDays: [worked('2026-12-28')] },
      false,
      false,
      8,
    ],
    [
      'a Saturday worker pays for a Saturday',
      '2026-11-28',
      '2026-11-28',
      { pattern: ['saturday'] },
      false,
      false,
      1,
    ],
    ['German region: Epiphany in Bavaria', '2026-01-05', '2026-01-09', { region: 'de-by' }, false, false, 4],
    ['end before start', '2026-11-27', '2026-11-23', {}, false, false, 0],
  ])('%s', (_name, start, end, over, startHalfDay, endHalfDay, expected) => {
    expect(countLeaveDays({ start, end, startHalfDay, endHalfDay }, calendar(over))).toBe(expected);
  });
});

describe('splitByHolidayYear', () => {
  it('keeps a request inside one year whole', () => {
    expect(splitByHolidayYear({ start: '2026-11-23', end: '2026-11-27', startHalfDay: true }, 1)).toEqual([
      { start: '2026-11-23', end: '2026-11-27', holidayYear: 2026, startHalfDay: true, endHalfDay: false },
    ]);
  });

  it('cuts at 1 January, halves staying with their days', () => {
    expect(
      splitByHolidayYear({ start: '2026-12-21', end: '2027-01-08', startHalfDay: true, endHalfDay: true }, 1),
    ).toEqual([
      { start: '2026-12-21', end: '2026-12-31', holidayYear: 2026, startHalfDay: true, endHalfDay: false },
      { start: '2027-01-01', end: '2027-01-08', holidayYear: 2027, startHalfDay: false, endHalfDay: true },
    ]);
  });

  it('cuts at an April year start', () => {
    const parts = splitByHolidayYear({ start: '2027-03-29', end: '2027-04-02' }, 4);
    expect(parts.map((p) => [p.start, p.end, p.holidayYear])).toEqual([
      ['2027-03-29', '2027-03-31', 2026],
      ['2027-04-01', '2027-04-02', 2027],
    ]);
    // 29 March 2027 is Easter Monday: 2 + 2 days.
    const cal = calendar();
    expect(parts.map((p) => countLeaveDays(p, cal))).toEqual([2, 2]);
  });

  it('does not cut on the first day of a year', () => {
    expect(splitByHolidayYear({ start: '2027-01-01', end: '2027-01-05' }, 1)).toHaveLength(1);
  });
});

describe('day counts in words', () => {
  it.each([
    [0.5, '½ day', '½ working day'],
    [1, '1 day', '1 working day'],
    [2.5, '2.5 days', '2.5 working days'],
    [3, '3 days', '3 working days'],
  ])('%s', (days, short, long) => {
    expect(formatDayCount(days)).toBe(short);
    expect(formatWorkingDays(days)).toBe(long);
  });
});

describe('dates that tests and seeds book whatever the day they run', () => {
  it('finds the clear Monday after or before a date, skipping weeks with a bank holiday', () => {
    // 28 Dec 2026 (Boxing Day's substitute) and 1 Jan 2027 are bank holidays in England and Wales.
    expect(clearMondayFrom('2026-12-23', 'england-and-wales')).toBe('2027-01-04');
    expect(clearMondayBefore('2027-01-03', 'england-and-wales')).toBe('2026-12-14');
    expect(clearMondayBefore('2026-12-14', 'england-and-wales')).toBe('2026-12-14');
    // Two clear weeks: Good Friday 2027 is 26 March and Easter Monday 29 March.
    expect(clearMondayBefore('2027-03-31', 'england-and-wales', 2)).toBe('2027-03-08');
  });

  it('finds the last working weekday on or before a date', () => {
    expect(workingWeekdayOnOrBefore('2027-01-01', 'england-and-wales')).toBe('2026-12-31');
    expect(workingWeekdayOnOrBefore('2026-12-28', 'england-and-wales')).toBe('2026-12-24');
    expect(workingWeekdayOnOrBefore('2026-12-02', 'england-and-wales')).toBe('2026-12-02');
    // St Andrew's Day (30 Nov) is a bank holiday in Scotland only.
    expect(workingWeekdayOnOrBefore('2026-11-30', 'scotland')).toBe('2026-11-27');
    expect(workingWeekdayOnOrBefore('2026-11-30', 'england-and-wales')).toBe('2026-11-30');
  });
});
