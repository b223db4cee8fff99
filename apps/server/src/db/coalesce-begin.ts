/**
 * Sends a transaction's `begin` together with its first statement, when that statement is a plain
 * query without parameters (as `withTenant`'s tenant set-up is): one round trip instead of two on
 * every request (ADR 0043). The tenant set-up itself is held as well and goes out with the statement
 * after it: in one simple-protocol message when that one is plain too, or ahead of it in one
 * extended-protocol pipeline when it is parameterised and already prepared on the connection (or
 * unnamed), so `begin`, the set-up and a transaction's first read are one round trip (ADR 0150).
 * Anything else goes out exactly as it came, `begin` (and the set-up) first.
 */
import type pg from 'pg';
import { PipelinedQuery, type WireConnection } from './pipelined-query.ts';
import { preparedName } from './prepared-statements.ts';
import { TENANT_SET_UP_START } from './tenant.ts';

interface QueryConfigLike {
  text?: string;
  name?: string;
  rowMode?: string;
  types?: unknown;
}

/** What the held set-up answers: nobody reads it (`enterTenant` ignores its result). */
const SET_UP_HELD = { command: 'SELECT', rowCount: 1, rows: [], fields: [], oid: 0 };

const hasNoValues = (values: unknown) =>
  values === undefined || (Array.isArray(values) && values.length === 0);

export function coalesceBegin(client: pg.PoolClient): void {
  // pg's query has many overloads; the wrapper forwards whatever it was given.
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const send = (config: unknown, values?: unknown) => original(config, values) as Promise<unknown>;
  let beginPending = false;
  /** The tenant set-up, held after a pending `begin` for the statement after it. */
  let setUpPending: string | undefined;
  const connection = () => (client as unknown as { connection: WireConnection }).connection;

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
    if (plain && setUpPending === undefined && query.text?.startsWith(TENANT_SET_UP_START)) {
      setUpPending = query.text;
      return Promise.resolve(SET_UP_HELD);
    }
    beginPending = false;
    const setUp = setUpPending;
    setUpPending = undefined;
    const prefix = setUp === undefined ? ['begin'] : ['begin', setUp];
    if (plain) {
      // A simple-protocol query with several statements: pg answers with one result per statement.
      return send({ ...query, text: `${prefix.join('; ')}; ${query.text}` }).then((results: unknown) =>
        Array.isArray(results) ? results[results.length - 1] : results,
      );
    }
    const text = query.text;
    const list = values === undefined ? [] : values;
    const submittable = typeof (config as { submit?: unknown }).submit === 'function';
    if (setUp !== undefined && !submittable && typeof text === 'string' && Array.isArray(list)) {
      const name = query.name ?? preparedName(client, text, list);
      // A statement not yet prepared here goes the long way once: pg must see its own Parse complete
      // before it notes the name (a Parse in the pipeline would be noted at the set-up's).
      if (name === undefined || connection().parsedStatements[name] === text) {
        return new Promise((resolve, reject) => {
          const pipelined = new PipelinedQuery(
            prefix,
            { ...query, text, values: list, name } as pg.QueryConfig & { name: string | undefined },
            (err, result) => (err ? reject(err) : resolve(result)),
          );
          original(pipelined);
        });
      }
    }
    return send(prefix.join('; ')).then(() => send(config, values));
  };
  (client as unknown as { query: typeof wrapped }).query = wrapped;
}
