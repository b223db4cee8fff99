import { describe, expect, it } from 'vitest';
import { addDays, countWorkingDays, inclusiveDayCount } from './working-days.ts';

describe('working days', () => {
  it.each([
    ['2026-11-23', '2026-11-27', 5], // Monday to Friday
    ['2026-11-23', '2026-11-29', 5], // a whole week
    ['2026-11-28', '2026-11-29', 0], // a weekend
    ['2026-11-27', '2026-11-30', 2], // Friday to Monday
    ['2026-11-30', '2026-11-23', 0], // end before start
  ])('%s to %s has %i working days', (start, end, expected) => {
    expect(countWorkingDays(start, end)).toBe(expected);
  });

  it('follows a custom pattern', () => {
    expect(countWorkingDays('2026-11-23', '2026-11-29', ['saturday', 'sunday'])).toBe(2);
  });

  it('counts calendar days inclusively', () => {
    expect(inclusiveDayCount('2026-11-23', '2026-11-23')).toBe(1);
    expect(inclusiveDayCount('2026-12-30', '2027-01-02')).toBe(4);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads every day from 1899 to 2101 as the calendar does, and a date written without zeros', () => {
    const dayMs = 86_400_000;
    const first = Date.UTC(1899, 0, 1);
    for (let t = first; t <= Date.UTC(2101, 11, 31); t += dayMs) {
      const date = new Date(t).toISOString().slice(0, 10);
      expect(inclusiveDayCount('1899-01-01', date), date).toBe((t - first) / dayMs + 1);
    }
    // Not the stored form (yyyy-MM-dd), read all the same.
    expect(inclusiveDayCount('2026-3-1', '2026-03-02')).toBe(2);
    expect(addDays('2026-3-1', 0)).toBe('2026-03-01');
  });
});
