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
});
