/** Reading a JSON body and turning zod issues into the error body's field messages. */

import { MESSAGES } from '@hr/shared/errors';
import type { Context } from 'hono';
import type { z } from 'zod';
import { errors } from './app-error.ts';
import { assertNoNul, bodyTooLarge } from './input-guards.ts';

export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[k] ??= 'Unknown field';
      continue;
    }
    fields[key] ??= issue.message;
  }
  return fields;
}

/** 400 with every field's message; the message is the first field's. */
export function validationError(error: z.ZodError) {
  const fields = fieldMessages(error);
  return errors.validation(fields, Object.values(fields)[0] ?? MESSAGES.invalidInput);
}

export async function readJson(c: Context, maxBytes: number): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > maxBytes) throw bodyTooLarge();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.validation({ _: 'Malformed JSON' }, 'Malformed JSON');
  }
  // Every JSON body passes here: PostgreSQL refuses NUL in text, so it is a 400 before any schema.
  assertNoNul(value);
  return value;
}
