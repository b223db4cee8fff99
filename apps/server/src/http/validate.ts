/** Parses a JSON body against a shared zod contract; bad JSON or bad fields become a 400 with field messages. */

import { MESSAGES } from '@hr/shared/errors';
import type { Context } from 'hono';
import type { z } from 'zod';
import { errors } from './app-error.ts';
import { assertNoNul, bodyTooLarge } from './input-guards.ts';

const MAX_BODY_BYTES = 64 * 1024;

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

export async function readJson(c: Context, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
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

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = fieldMessages(result.error);
    const first = Object.values(fields)[0];
    throw errors.validation(fields, first ?? MESSAGES.invalidInput);
  }
  return result.data;
}

/** `maxBytes` is raised only by upload endpoints that carry a file as base64. */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.output<S>> {
  return parseWith(schema, await readJson(c, maxBytes));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a uuid names nothing: 404, before it can reach the database as a cast error. */
export function idParam(c: Context, name = 'id'): string {
  const value = c.req.param(name);
  if (!value || !UUID.test(value)) throw errors.notFound();
  return value;
}

/** Query string parameters checked against a shared contract (400 with field messages). */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  assertNoNul(query);
  return parseWith(schema, query);
}
