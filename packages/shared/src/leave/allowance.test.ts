import { describe, expect, it } from 'vitest';
import {
  carryOverDays,
  carryOverExpiryDate,
  daysLeftForBooking,
  daysPerWeekOf,
  defaultEntitlement,
  expiredCarryOver,
  ledgerBalance,
  notEnoughAllowanceMessage,
  roundUpToHalfDay,
  yearEntitlement,
  yearEntitlementDays,
} from './allowance.ts';

const MON_FRI = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

describe('days per week', () => {
  it.each([
    [{}, MON_FRI, 5],
    [{ workingPattern: null }, MON_FRI, 5],
    [{ workingPattern: ['monday', 'tuesday', 'wednesday'] }, MON_FRI, 3],
    [{ workingPattern: [] }, ['monday', 'tuesday', 'wednesday', 'thursday'], 4],
    [{}, null, 5],
    [{}, [], 5],
    [{ workingPattern: ['saturday', 'sunday'] }, MON_FRI, 2],
  ])('employee %j with company pattern %j works %i days', (employee, company, expected) => {
    expect(daysPerWeekOf(employee, company)).toBe(expected);
  });
});

describe('rounding up to the half day', () => {
  it.each([
    [16.8, 17],
    [14, 14],
    [14.0000000001, 14],
    [14.01, 14.5],
    [14.5, 14.5],
    [0, 0],
    [2.2, 2.5],
  ])('%f -> %f', (x, expected) => expect(roundUpToHalfDay(x)).toBe(expected));
});

describe('default entitlement of a part-timer', () => {
  it.each([
    // company days, days a week, company days a week, expected
    [28, 5, 5, 28], // full time: unchanged
    [33, 5, 5, 33],
    [28, 3, 5, 17], // 3 x 5.6 = 16.8 -> 17
    [28, 4, 5, 22.5], // 22.4 -> 22.5
    [28, 1, 5, 6], // 5.6 -> 6
    [33, 3, 5, 20], // 16.8 + (33 - 28) x 3/5 = 19.8 -> 20
    [25, 3, 5, 15], // below statutory: 25 x 3/5 = 15
    [28, 6, 5, 28], // more days than the company week: full time
    [35, 6, 6, 35], // 6-day company, full time
    [35, 3, 6, 20.5], // statutory 16.8 + (35 - 28) x 3/6 = 20.3 -> 20.5
  ])('company %f days, %i of %i days a week', (companyDays, daysPerWeek, companyDaysPerWeek, expected) => {
    const result = defaultEntitlement({ companyDays, daysPerWeek, companyDaysPerWeek });
    expect(result.days).toBe(expected);
    expect(result.lines.length).toBeGreaterThan(0);
  });

  it('explains the part-time calculation line by line', () => {
    const result = defaultEntitlement({ companyDays: 33, daysPerWeek: 3, companyDaysPerWeek: 5 });
    expect(result.lines).toEqual([
      "Part time: 3 of the company's 5 working days a week",
      'Statutory: 3 days x 5.6 weeks = 16.8',
      'Company days above statutory: (33 - 28) x 3/5 = 3',
      'Total 19.8, rounded up to the half day: 20 days',
    ]);
  });
});

describe('entitlement of a joiner or leaver', () => {
  const year = { start: '2026-01-01', end: '2026-12-31' };
  it.each([
    // annual, start, end, expected days
    [28, '2020-05-01', null, 28], // employed all year
    [28, '2026-01-01', null, 28],
    [28, '2026-07-01', null, 14.5], // 184/365 x 28 = 14.11 -> 14.5
    [28, '2020-01-01', '2026-06-30', 14], // 181/365 x 28 = 13.88 -> 14
    [28, '2026-04-01', '2026-09-30', 14.5], // 183/365 x 28 = 14.04 -> 14.5
    [17, '2026-10-01', null, 4.5], // part-timer joining: 92/365 x 17 = 4.28 -> 4.5
    [28, '2026-12-31', null, 0.5], // one day: 0.08 -> 0.5
    [28, '2020-01-01', '2026-12-31', 28], // leaves on the last day: a full year
  ])('%f days, joined %s, leaves %s', (annualDays, startDate, endDate, expected) => {
    expect(yearEntitlement({ annualDays, year, startDate, endDate })?.days).toBe(expected);
  });

  it('is null outside the employment', () => {
    expect(yearEntitlement({ annualDays: 28, year, startDate: '2027-02-01', endDate: null })).toBeNull();
    expect(
      yearEntitlement({ annualDays: 28, year, startDate: '2020-01-01', endDate: '2025-12-31' }),
    ).toBeNull();
  });

  it('gives the same days without the explanation, for joiners, leavers and whole years', () => {
    const years = [
      { start: '2026-01-01', end: '2026-12-31' },
      { start: '2027-04-01', end: '2028-03-31' },
    ];
    const dates = [
      '2025-06-30',
      '2026-01-01',
      '2026-02-28',
      '2026-07-15',
      '2026-12-31',
      '2027-04-01',
      '2028-02-29',
    ];
    for (const year of years) {
      for (const annualDays of [0, 12.5, 28, 33]) {
        for (const startDate of dates) {
          for (const endDate of [null, ...dates]) {
            const input = { annualDays, year, startDate, endDate };
            expect(yearEntitlementDays(input), JSON.stringify(input)).toBe(
              yearEntitlement(input)?.days ?? null,
            );
          }
        }
      }
    }
  });

  it('shows the calculation', () => {
    expect(yearEntitlement({ annualDays: 28, year, startDate: '2026-07-01', endDate: null })?.lines).toEqual([
      'Holiday year 2026-01-01 to 2026-12-31: 28 days a full year',
      "Employed 184 of the year's 365 days (joined 2026-07-01)",
      '28 x 184/365 = 14.12, rounded up to the half day: 14.5 days',
    ]);
  });

  it('works with a year that starts in April', () => {
    const april = { start: '2026-04-01', end: '2027-03-31' };
    expect(
      yearEntitlement({ annualDays: 28, year: april, startDate: '2026-10-01', endDate: null })?.days,
    ).toBe(14); // 182/365 x 28 = 13.96 -> 14
  });
});

describe('carry-over', () => {
  it.each([
    [10, 5, 5],
    [3, 5, 3],
    [0, 5, 0],
    [-2, 5, 0], // over-taken: nothing carries, never negative
    [4.5, 5, 4.5],
    [8, 0, 0], // no carry-over allowed
  ])('remaining %f with cap %f carries %f', (remaining, cap, expected) => {
    expect(carryOverDays(remaining, cap)).toBe(expected);
  });

  it.each([
    ['2027-01-01', 3, '2027-04-01'],
    ['2026-04-01', 12, '2027-04-01'],
    ['2026-10-01', 4, '2027-02-01'],
    ['2027-01-01', null, null],
  ])('carry-over into the year of %s expires after %s months on %s', (start, months, expected) => {
    expect(carryOverExpiryDate(start, months)).toBe(expected);
  });

  it.each([
    [5, 0, 5], // nothing taken: all of it expires
    [5, 2, 3],
    [5, 7, 0], // used up (carried-over days go first)
    [0, 3, 0],
    [4.5, 1.5, 3],
  ])('carried %f, taken %f before expiry: %f expire', (carried, taken, expected) => {
    expect(expiredCarryOver(carried, taken)).toBe(expected);
  });
});

describe('the balance as a sum of lines', () => {
  it('sums the ledger, takes approved leave off and lists every term', () => {
    const balance = ledgerBalance({
      entries: [
        { kind: 'adjustment', days: 1, reason: 'TOIL granted' },
        { kind: 'entitlement', days: 28, reason: 'Holiday year' },
        { kind: 'opening_balance', days: -3, reason: '' },
        { kind: 'carry_over_in', days: 5, reason: '' },
        { kind: 'carry_over_expired', days: -2, reason: '' },
      ],
      approved: { days: 7.5, count: 2 },
      pending: { days: 2, count: 1 },
    });
    expect(balance).toMatchObject({ total: 29, used: 7.5, remaining: 21.5, pending: 2 });
    expect(balance.lines.map((l) => [l.label, l.days])).toEqual([
      ['Entitlement', 28],
      ['Opening balance', -3],
      ['Carried over from last year', 5],
      ['Carry-over expired', -2],
      ['Adjustment', 1],
      ['Approved leave', -7.5],
      ['Remaining', 21.5],
    ]);
    // Every line but the last adds up to the last.
    const terms = balance.lines.slice(0, -1).reduce((s, l) => s + l.days, 0);
    expect(terms).toBe(balance.remaining);
    expect(daysLeftForBooking(balance)).toBe(19.5);
  });

  it('words the refusal exactly', () => {
    expect(notEnoughAllowanceMessage(3.5)).toBe('Not enough holiday allowance remaining (3.5 days left)');
    expect(notEnoughAllowanceMessage(0)).toBe('Not enough holiday allowance remaining (0 days left)');
  });
});
