/**
 * Names every parameterised statement after its text, so node-postgres prepares it once per
 * connection and PostgreSQL skips parsing, rewriting (row-level security included) and, once its
 * generic plan is as good as a custom one, planning on every later run (ADR 0045). The statements
 * are the app's own, so their texts are few; a connection stops naming new ones past a cap.
 * Statements without parameters (the tenant set-up, whose literals differ per tenant) and statements
 * with long value lists (see MAX_PREPARED_VALUES) are never named.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Distinct statement texts one connection prepares at most. */
export const PREPARED_PER_CONNECTION = 500;

/**
 * Statements with more values than this are sent unnamed: Drizzle's `inArray` writes one placeholder
 * per element, so a list's every length is a new text (a schedule of 5,000 ids would be 5,000 texts).
 * Up to this size, a list query has at most this many variants.
 */
export const MAX_PREPARED_VALUES = 100;

interface QueryConfigLike {
  text?: unknown;
  name?: string;
}

const preparable = (values: unknown) =>
  Array.isArray(values) && values.length > 0 && values.length <= MAX_PREPARED_VALUES;

/** The name a statement text is prepared under: stable across connections and instances. */
export function statementName(text: string): string {
  return `hr_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
}

/** The statement names of each client that prepares statements: text to name, up to its cap. */
const namesOf = new WeakMap<pg.PoolClient, { names: Map<string, string>; cap: number }>();

/**
 * The name `text` is prepared under on `client` with these values, as `prepareRepeatedStatements`
 * names it; `undefined` for a statement sent unnamed (no values, too many, past the cap) or a client
 * that does not prepare statements (`DATABASE_PREPARED_STATEMENTS=false`).
 */
export function preparedName(client: pg.PoolClient, text: string, values: unknown): string | undefined {
  const state = namesOf.get(client);
  if (!state || !preparable(values)) return undefined;
  let name = state.names.get(text);
  if (name === undefined) {
    if (state.names.size >= state.cap) return undefined;
    name = statementName(text);
    state.names.set(text, name);
  }
  return name;
}

export function prepareRepeatedStatements(client: pg.PoolClient, cap = PREPARED_PER_CONNECTION): void {
  // pg's query has many overloads; the wrapper forwards whatever it was given.
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  namesOf.set(client, { names: new Map(), cap });
  const wrapped = (config: unknown, values?: unknown, ...rest: unknown[]): unknown => {
    if (!preparable(values) || config === null || !['object', 'string'].includes(typeof config)) {
      return original(config, values, ...rest);
    }
    const query: QueryConfigLike =
      typeof config === 'string' ? { text: config } : (config as QueryConfigLike);
    if (query.name || typeof query.text !== 'string') return original(config, values, ...rest);
    const name = preparedName(client, query.text, values);
    if (name === undefined) return original(config, values, ...rest);
    return original({ ...query, name }, values, ...rest);
  };
  (client as unknown as { query: typeof wrapped }).query = wrapped;
}
