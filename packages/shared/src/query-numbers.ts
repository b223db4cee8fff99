import { z } from 'zod';

/**
 * The one answer for a whole-number query parameter that is missing its mark (not a number, not
 * whole, or out of range): "Limit must be a whole number from 1 to 200.", the form the workshop's
 * pages used first, instead of zod's "Too big: expected number to be <=200".
 */
export function wholeNumberMessage(label: string, min: number, max: number): string {
  return `${label} must be a whole number from ${min} to ${max}.`;
}

/** A whole number from `min` to `max` read from the query string, every failure with one message. */
export function wholeNumberParam(label: string, min: number, max: number) {
  const message = wholeNumberMessage(label, min, max);
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}
