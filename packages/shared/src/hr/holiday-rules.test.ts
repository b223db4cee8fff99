import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type Weekday } from '../company/company-settings.ts';
import { countWorkingDays } from '../working-days.ts';
import {
  bookedDaysInside,
  clipRange,
  computeHolidayBalance,
  holidayYearWindow,
  monthRange,
  rangesOverlap,
} from './holiday-rules.ts';

const MON_FRI: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const MON_SAT: Weekday[] = [...MON_FRI, 'saturday'];

describe('working days for every pattern', () => {
  // 2026-11-23 is a Monday: the week 23..29 holds each weekday exactly once.
  it.each(WEEKDAYS.map((day, i) => [day, `2026-11-${23 + i}`] as const))(
    'a single %s counts 1 only when the pattern holds it',
    (day, date) => {
      expect(countWorkingDays(date, date, [day])).toBe(1);
      expect(
        countWorkingDays(
          date,
          date,
          WEEKDAYS.filter((d) => d !== day),
        ),
      ).toBe(0);
    },
  );

  it.each([
    [MON_FRI, '2026-11-23', '2026-12-06', 10],
    [['saturday', 'sunday'] as Weekday[], '2026-11-23', '2026-12-06', 4],
    [['saturday', 'sunday'] as Weekday[], '2026-11-23', '2026-11-27', 0],
    [[...WEEKDAYS], '2026-11-23', '2026-12-06', 14],
    [['monday', 'wednesday', 'friday'] as Weekday[], '2026-11-23', '2026-11-29', 3],
    [['sunday'] as Weekday[], '2026-11-29', '2026-11-29', 1],
    [MON_FRI, '2026-12-24', '2027-01-04', 8], // across a year end
  ])('pattern %j from %s to %s has %i working days', (pattern, start, end, expected) => {
    expect(countWorkingDays(start, end, pattern)).toBe(expected);
  });

  it('falls back to monday to friday for an empty pattern', () => {
    expect(countWorkingDays('2026-11-23', '2026-11-29', [])).toBe(5);
  });
});

describe('holiday year window', () => {
  it.each(
    Array.from({ length: 12 }, (_, i) => i + 1).flatMap((start) => [
      // On the first day of the start month the year begins that day.
      [start, `2026-${String(start).padStart(2, '0')}-01`, `2026-${String(start).padStart(2, '0')}-01`],
      // On 15 November 2026 the year began this year if it starts in November or earlier, else last year.
      [start, '2026-11-15', `${start <= 11 ? 2026 : 2025}-${String(start).padStart(2, '0')}-01`],
    ]),
  )(
    'starting in month %i, on %s the year began %s and ends the day before a year later',
    (startMonth, today, start) => {
      const window = holidayYearWindow(today, startMonth);
      expect(window.start).toBe(start);
      const nextStart = `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`;
      expect(new Date(`${window.end}T00:00:00Z`).getTime() + 86_400_000).toBe(
        new Date(`${nextStart}T00:00:00Z`).getTime(),
      );
      expect(today >= window.start && today <= window.end).toBe(true);
    },
  );

  it('ends the day before the next start for every start month and year from 1899 to 2101', () => {
    // Worked out from the calendar (a Date a day before the next start), against the arithmetic.
    for (let year = 1899; year <= 2101; year++) {
      for (let startMonth = 1; startMonth <= 12; startMonth++) {
        const day = `${year}-${String(startMonth).padStart(2, '0')}-15`;
        const { end } = holidayYearWindow(day, startMonth);
        const expected = new Date(Date.UTC(year + 1, startMonth - 1, 0)).toISOString().slice(0, 10);
        expect(end, `${day}, year from month ${startMonth}`).toBe(expected);
      }
    }
    expect(holidayYearWindow('1900-02-10', 3).end).toBe('1900-02-28');
    expect(holidayYearWindow('2000-02-10', 3).end).toBe('2000-02-29');
    expect(holidayYearWindow('2100-02-10', 3).end).toBe('2100-02-28');
  });

  it('handles leap years and the last day of the year', () => {
    expect(holidayYearWindow('2028-02-29', 3)).toEqual({ start: '2027-03-01', end: '2028-02-29' });
    expect(holidayYearWindow('2026-12-31', 1)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(holidayYearWindow('2026-03-31', 4)).toEqual({ start: '2025-04-01', end: '2026-03-31' });
  });
});

describe('overlaps', () => {
  it.each([
    [{ start: '2026-12-01', end: '2026-12-05' }, { start: '2026-12-05', end: '2026-12-09' }, true], // share an edge day
    [{ start: '2026-12-01', end: '2026-12-05' }, { start: '2026-12-06', end: '2026-12-09' }, false], // back to back
    [{ start: '2026-12-01', end: '2026-12-31' }, { start: '2026-12-10', end: '2026-12-11' }, true], // contains
    [{ start: '2026-12-10', end: '2026-12-10' }, { start: '2026-12-01', end: '2026-12-31' }, true], // inside
    [{ start: '2026-12-10', end: '2026-12-10' }, { start: '2026-12-11', end: '2026-12-11' }, false], // single days
  ])('%j and %j overlap: %s', (a, b, expected) => {
    expect(rangesOverlap(a, b)).toBe(expected);
    expect(rangesOverlap(b, a)).toBe(expected);
  });

  it('clips a range to a window', () => {
    const window = { start: '2026-01-01', end: '2026-12-31' };
    expect(clipRange({ start: '2025-12-29', end: '2026-01-02' }, window)).toEqual({
      start: '2026-01-01',
      end: '2026-01-02',
    });
    expect(clipRange({ start: '2027-01-01', end: '2027-01-02' }, window)).toBeNull();
  });

  it('gives the first and last day of a month', () => {
    expect(monthRange('2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});

describe('holiday balance', () => {
  const window = { start: '2026-01-01', end: '2026-12-31' };
  it.each([
    ['nothing taken', 28, 0, [], { used: 0, remaining: 28, percentUsed: 0 }],
    ['opening adjustment only', 28, 3.5, [], { used: 3.5, remaining: 24.5, percentUsed: 12.5 }],
    [
      'one week',
      28,
      0,
      [{ start: '2026-11-23', end: '2026-11-29', workingDays: 5 }],
      { used: 5, remaining: 23, percentUsed: 17.9 },
    ],
    [
      'only the days inside the year count',
      28,
      0,
      [{ start: '2026-12-28', end: '2027-01-08', workingDays: 10 }],
      { used: 4, remaining: 24, percentUsed: 14.3 },
    ],
    [
      'overspent: the bar stops at 100',
      2,
      1,
      [{ start: '2026-11-23', end: '2026-11-27', workingDays: 5 }],
      { used: 6, remaining: -4, percentUsed: 100 },
    ],
    ['no entitlement', 0, 0, [], { used: 0, remaining: 0, percentUsed: 0 }],
    [
      "the working days stored at booking count, not today's week (Mon-Sat now)",
      28,
      0,
      [
        { start: '2026-11-23', end: '2026-11-25', workingDays: 3 },
        { start: '2026-11-30', end: '2026-12-05', workingDays: 4 },
      ],
      { used: 7, remaining: 21, percentUsed: 25 },
    ],
  ])('%s', (name, total, openingUsed, approvedAnnual, expected) => {
    const pattern = name.includes('Mon-Sat') ? MON_SAT : MON_FRI;
    expect(computeHolidayBalance({ total, openingUsed, approvedAnnual, window, pattern })).toEqual({
      total,
      ...expected,
    });
  });
});

describe('booked days inside a holiday year', () => {
  const year = { start: '2026-01-01', end: '2026-12-31' };
  it('a request inside the year counts its stored days whatever the week is now', () => {
    const booked = { start: '2026-11-23', end: '2026-11-28', workingDays: 5 };
    expect(bookedDaysInside(booked, year, MON_SAT)).toBe(5);
    expect(bookedDaysInside({ ...booked, workingDays: 0.5 }, year, MON_FRI)).toBe(0.5);
  });
  it('a request crossing the edge splits so both years add up to the stored total', () => {
    const booked = { start: '2026-12-28', end: '2027-01-08', workingDays: 10 };
    const next = { start: '2027-01-01', end: '2027-12-31' };
    expect(bookedDaysInside(booked, year, MON_FRI)).toBe(4);
    expect(bookedDaysInside(booked, next, MON_FRI)).toBe(6);
    expect(bookedDaysInside({ ...booked, workingDays: 2 }, year, MON_FRI)).toBe(0);
  });
  it('a request outside the year counts nothing', () => {
    expect(bookedDaysInside({ start: '2025-12-01', end: '2025-12-05', workingDays: 5 }, year, MON_FRI)).toBe(
      0,
    );
  });
});
