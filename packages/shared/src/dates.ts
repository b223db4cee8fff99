/** Calendar dates travel as yyyy-MM-dd strings: no time zone can shift them. */
import { z } from 'zod';

// The checks themselves live apart, without zod, for screens that must not load it (ADR 0105).
import { isValidIsoDate, isValidIsoMonth, MAX_YEAR, MIN_YEAR } from './date-range.ts';

export { isValidIsoDate, isValidIsoMonth, MAX_YEAR, MIN_YEAR };

/** A required yyyy-MM-dd date; an empty or missing value gets `requiredMessage`. */
export function isoDateSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine(isValidIsoDate, { message: 'Enter a valid date' })
    .meta({ format: 'date' });
}
