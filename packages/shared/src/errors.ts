/** The error body every API error uses, and the messages shared by server and browser. */
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The answer of a change that returns nothing but what to tell the user (e.g. Employee deleted successfully). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export { ERROR_CODES, MESSAGES } from './error-messages.ts';
