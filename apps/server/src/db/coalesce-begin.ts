/**
 * Sends a transaction's `begin` together with its first statement, when that statement is a plain
 * query without parameters (as `withTenant`'s tenant set-up is): one round trip instead of two on
 * every request (ADR 0043). Anything else goes out exactly as it came, `begin` first.
 */
import type pg from 'pg';

interface QueryConfigLike {
  text?: string;
  name?: string;
  rowMode?: string;
}

const hasNoValues = (values: unknown) =>
  values === undefined || (Array.isArray(values) && values.length === 0);

export function coalesceBegin(client: pg.PoolClient): void {
  // pg's query has many overloads; the wrapper forwards whatever it was given.
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const send = (config: unknown, values?: unknown) => original(config, values) as Promise<unknown>;
  let beginPending = false;

  const wrapped = (config: unknown, values?: unknown, ...rest: unknown[]): unknown => {
    // Callback and submittable forms (pg's own pool.query, cursors) pass straight through.
    if (rest.length > 0 || typeof values === 'function' || typeof config !== 'object' || config === null) {
      if (beginPending) throw new Error('coalesceBegin: a callback query inside a pending transaction');
      return original(config, values, ...rest);
    }
    const query = config as QueryConfigLike;
    const plain = typeof query.text === 'string' && hasNoValues(values) && !query.name && !query.rowMode;
    if (!beginPending && plain && query.text?.trim().toLowerCase() === 'begin') {
      beginPending = true;
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [], oid: 0 });
    }
    if (!beginPending) return send(config, values);
    beginPending = false;
    if (plain) {
      // A simple-protocol query with two statements: pg answers with one result per statement.
      return send({ ...query, text: `begin; ${query.text}` }).then((results: unknown) =>
        Array.isArray(results) ? results[results.length - 1] : results,
      );
    }
    return send('begin').then(() => send(config, values));
  };
  (client as unknown as { query: typeof wrapped }).query = wrapped;
}
