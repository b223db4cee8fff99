/**
 * The dates and months the whole product accepts, without zod (so a screen can check a date from a
 * link without loading the schema library; `dates.ts` re-exports these beside its schemas).
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The years a date may name. PostgreSQL has no year 0000 and JavaScript dates end in 275760; an HR
 * record or holiday outside these years is a typo, and would make day-by-day rules loop for ages.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

const yearInRange = (year: number) => year >= MIN_YEAR && year <= MAX_YEAR;

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value) || !yearInRange(Number(value.slice(0, 4)))) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A yyyy-MM month within MIN_YEAR..MAX_YEAR. */
export function isValidIsoMonth(value: string): boolean {
  const match = ISO_MONTH.exec(value);
  return match !== null && yearInRange(Number(match[1]));
}
