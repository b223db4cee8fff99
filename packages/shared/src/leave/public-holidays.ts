/**
 * Public holidays by region key: gov.uk's three UK nations (bundled gov.uk data for the years it
 * covers, date-holidays otherwise) and every other country / state date-holidays knows (`de`, `de-by`),
 * filtered to public and bank days. Offline: nothing is fetched at run time (ADR 0085).
 */
import Holidays from 'date-holidays';
import { GOV_UK_BANK_HOLIDAYS, GOV_UK_FIRST_YEAR, GOV_UK_LAST_YEAR } from './uk-bank-holidays.data.ts';

export const UK_REGIONS = ['england-and-wales', 'scotland', 'northern-ireland'] as const;
export type UkRegion = (typeof UK_REGIONS)[number];
export const DEFAULT_REGION: UkRegion = 'england-and-wales';

export const UK_REGION_NAMES: Record<UkRegion, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};

/** date-holidays' country and state of each gov.uk key (Wales has England's bank holidays). */
const UK_LIBRARY_CODES: Record<UkRegion, [string, string]> = {
  'england-and-wales': ['GB', 'ENG'],
  scotland: ['GB', 'SCT'],
  'northern-ireland': ['GB', 'NIR'],
};

export interface PublicHoliday {
  /** yyyy-MM-dd */
  date: string;
  name: string;
}

export interface RegionOption {
  key: string;
  name: string;
}

function isUkRegion(key: string): key is UkRegion {
  return (UK_REGIONS as readonly string[]).includes(key);
}

let regionList: RegionOption[] | null = null;

/**
 * Every region key a company or employee may choose: the UK nations first, then the library's other
 * countries (`fr`) and their states (`de-by`), by name. The UK is reached only through its nations.
 */
export function listRegions(): RegionOption[] {
  if (regionList) return regionList;
  const library = new Holidays();
  const others: RegionOption[] = [];
  for (const [country, countryName] of Object.entries(library.getCountries('en'))) {
    if (country === 'GB') continue;
    others.push({ key: country.toLowerCase(), name: countryName });
    for (const [state, stateName] of Object.entries(library.getStates(country, 'en') ?? {})) {
      others.push({ key: `${country}-${state}`.toLowerCase(), name: `${countryName}: ${stateName}` });
    }
  }
  others.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  regionList = [...UK_REGIONS.map((key) => ({ key, name: UK_REGION_NAMES[key] })), ...others];
  return regionList;
}

let regionKeys: Set<string> | null = null;

export function isKnownRegion(key: string): boolean {
  regionKeys ??= new Set(listRegions().map((r) => r.key));
  return regionKeys.has(key);
}

const cache = new Map<string, readonly PublicHoliday[]>();

/**
 * The public (and bank) holidays of `region` in calendar year `year`, in date order, one entry per
 * date. An unknown region has none (callers validate keys on input).
 */
export function publicHolidaysOf(region: string, year: number): readonly PublicHoliday[] {
  const key = `${region}:${year}`;
  let found = cache.get(key);
  if (!found) {
    found = computeHolidays(region, year);
    cache.set(key, found);
  }
  return found;
}

function computeHolidays(region: string, year: number): PublicHoliday[] {
  if (isUkRegion(region)) {
    if (year >= GOV_UK_FIRST_YEAR && year <= GOV_UK_LAST_YEAR) {
      const prefix = `${year}-`;
      return GOV_UK_BANK_HOLIDAYS[region]
        .filter(([date]) => date.startsWith(prefix))
        .map(([date, name]) => ({ date, name }));
    }
    return libraryUkHolidays(region, year);
  }
  if (!isKnownRegion(region)) return [];
  const [country, state] = region.toUpperCase().split('-');
  const library = state
    ? new Holidays(country ?? '', state, LIBRARY_OPTIONS)
    : new Holidays(country ?? '', LIBRARY_OPTIONS);
  return fromLibrary(library, year);
}

const LIBRARY_OPTIONS = { types: ['public', 'bank'] as ('public' | 'bank')[] };

function fromLibrary(library: Holidays, year: number): PublicHoliday[] {
  const byDate = new Map<string, string>();
  for (const h of library.getHolidays(year, 'en')) {
    if (h.type !== 'public' && h.type !== 'bank') continue;
    const date = h.date.slice(0, 10);
    if (!byDate.has(date)) byDate.set(date, h.name);
  }
  return [...byDate].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, name]) => ({ date, name }));
}

/**
 * date-holidays for a UK nation outside gov.uk's years. The library also lists a bank holiday on the
 * weekend day it falls on; in the UK that day is not a bank holiday, its substitute day is (gov.uk
 * lists weekdays only), so weekend dates are dropped.
 */
export function libraryUkHolidays(region: UkRegion, year: number): PublicHoliday[] {
  const [country, state] = UK_LIBRARY_CODES[region];
  return fromLibrary(new Holidays(country, state, LIBRARY_OPTIONS), year).filter((h) => !isWeekend(h.date));
}

function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** The public holidays of `region` between two yyyy-MM-dd dates (inclusive), in date order. */
export function publicHolidaysBetween(region: string, start: string, end: string): PublicHoliday[] {
  const out: PublicHoliday[] = [];
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    for (const h of publicHolidaysOf(region, year)) if (h.date >= start && h.date <= end) out.push(h);
  }
  return out;
}
