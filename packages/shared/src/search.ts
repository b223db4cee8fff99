/** The `search` query parameter of the searchable lists (employees, the sickness picker). */
import { z } from 'zod';

/** The longest search the lists accept; their search boxes take no more (`maxLength`). */
export const SEARCH_MAX_LENGTH = 200;

export const SEARCH_MESSAGES = {
  tooLong: `Search for at most ${SEARCH_MAX_LENGTH} characters`,
} as const;

/** A list's `search`: trimmed, at most SEARCH_MAX_LENGTH characters, '' when absent. */
export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong)
  .optional()
  .default('');
