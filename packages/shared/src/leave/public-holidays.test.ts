import { describe, expect, it } from 'vitest';
import govUk from './fixtures/gov-uk-bank-holidays-2026-2028.json';
import {
  isKnownRegion,
  libraryUkHolidays,
  listRegions,
  publicHolidaysBetween,
  publicHolidaysOf,
  UK_REGIONS,
} from './public-holidays.ts';

// gov.uk's published dates (https://www.gov.uk/bank-holidays.json, 2026-2028), copied as a fixture.
const published = govUk as Record<string, { events: { date: string; title: string; notes: string }[] }>;
const cases = UK_REGIONS.flatMap((region) => [2026, 2027, 2028].map((year) => [region, year] as const));

function govUkDates(region: string, year: number): string[] {
  return (published[region]?.events ?? []).map((e) => e.date).filter((d) => d.startsWith(`${year}-`));
}

describe('UK bank holidays against gov.uk', () => {
  it.each(cases)('%s %i: every date matches gov.uk exactly', (region, year) => {
    const expected = govUkDates(region, year);
    expect(expected.length).toBeGreaterThanOrEqual(8);
    expect(publicHolidaysOf(region, year).map((h) => h.date)).toEqual(expected);
  });

  it.each(cases)('%s %i: the library alone (weekend days dropped) agrees with gov.uk', (region, year) => {
    expect(libraryUkHolidays(region, year).map((h) => h.date)).toEqual(govUkDates(region, year));
  });

  it.each([
    ['england-and-wales', '2026-12-28', 'Boxing Day (substitute day)'],
    ['england-and-wales', '2027-12-27', 'Christmas Day (substitute day)'],
    ['england-and-wales', '2027-12-28', 'Boxing Day (substitute day)'],
    ['england-and-wales', '2028-01-03', 'New Year’s Day (substitute day)'],
    ['scotland', '2026-01-02', '2nd January'],
    ['scotland', '2026-11-30', 'St Andrew’s Day'],
    ['scotland', '2027-01-04', '2nd January (substitute day)'],
    ['scotland', '2027-11-30', 'St Andrew’s Day'],
    ['scotland', '2028-01-03', '2nd January (substitute day)'],
    ['northern-ireland', '2026-03-17', 'St Patrick’s Day'],
    ['northern-ireland', '2026-07-13', 'Battle of the Boyne (Orangemen’s Day) (substitute day)'],
    ['northern-ireland', '2027-07-12', 'Battle of the Boyne (Orangemen’s Day)'],
    ['northern-ireland', '2028-03-17', 'St Patrick’s Day'],
  ])('%s has %s (%s)', (region, date, name) => {
    const found = publicHolidaysOf(region, Number(date.slice(0, 4))).find((h) => h.date === date);
    expect(found?.name).toBe(name);
  });

  it.each([
    ['england-and-wales', '2026-01-02'], // Scotland only
    ['england-and-wales', '2026-11-30'],
    ['england-and-wales', '2026-03-17'], // Northern Ireland only
    ['scotland', '2026-08-31'], // Scotland's summer holiday is on 3 August
    ['scotland', '2026-04-06'], // no Easter Monday in Scotland
    ['northern-ireland', '2026-07-12'], // a Sunday: the 13th is the substitute
  ])('%s does not have %s', (region, date) => {
    expect(publicHolidaysOf(region, Number(date.slice(0, 4))).map((h) => h.date)).not.toContain(date);
  });

  it('uses the library for years gov.uk does not cover, substitutes on weekdays', () => {
    const dates = publicHolidaysOf('england-and-wales', 2029).map((h) => h.date);
    expect(dates).toContain('2029-12-25');
    expect(dates).toContain('2029-12-26');
    expect(dates).toContain('2029-08-27'); // last Monday of August
    expect(dates.every((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toBe(true);
  });
});

describe('other regions', () => {
  it('lists the UK nations first and the library countries and states with keys', () => {
    const regions = listRegions();
    expect(regions.slice(0, 3).map((r) => r.key)).toEqual([...UK_REGIONS]);
    expect(regions.find((r) => r.key === 'de-by')?.name).toBe('Germany: Bayern');
    expect(regions.some((r) => r.key === 'gb' || r.key.startsWith('gb-'))).toBe(false);
  });

  it.each([
    ['scotland', true],
    ['de', true],
    ['de-by', true],
    ['fr', true],
    ['gb', false],
    ['narnia', false],
    ['', false],
  ])('%s is a known region: %s', (key, known) => {
    expect(isKnownRegion(key)).toBe(known);
  });

  it('keeps public and bank days only', () => {
    const bavaria = publicHolidaysOf('de-by', 2026).map((h) => h.date);
    expect(bavaria).toContain('2026-01-06'); // Epiphany: public in Bavaria
    expect(bavaria).toContain('2026-10-03');
    expect(bavaria).not.toContain('2026-02-14'); // Valentine's Day is an observance
    expect(publicHolidaysOf('de', 2026).map((h) => h.date)).not.toContain('2026-01-06');
  });

  it('lists the holidays between two dates across years', () => {
    expect(publicHolidaysBetween('england-and-wales', '2026-12-21', '2027-01-01').map((h) => h.date)).toEqual(
      ['2026-12-25', '2026-12-28', '2027-01-01'],
    );
    expect(publicHolidaysOf('narnia', 2026)).toEqual([]);
  });
});
