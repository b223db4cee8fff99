/** Calendar dates travel as yyyy-MM-dd strings: no time zone can shift them. */
import { z } from 'zod';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A required yyyy-MM-dd date; an empty or missing value gets `requiredMessage`. */
export function isoDateSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine(isValidIsoDate, { message: 'Enter a valid date' })
    .meta({ format: 'date' });
}
