/**
 * One read statement in a tenant, in one round trip (ADR 0150). `withTenant` costs three round trips
 * around a single read (`begin` with the tenant set-up, the read, `commit`); a read that is one
 * statement can go out as one simple-protocol message instead:
 *
 *   select set_config('transaction_read_only', 'on', true), set_config('role', 'app_user', true), ...;
 *   <the read, its parameters written as quoted literals>
 *
 * PostgreSQL runs the statements of one simple-protocol message as one implicit transaction, so the
 * `set_config(..., true)` settings end with the message, whether it succeeds or fails: a pooled
 * connection never keeps a tenant or a role (as with `withTenant`), and the message is one transaction
 * behind a transaction pooler too. The transaction is read-only: a write through this path fails.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, rowsOf, type Tx } from './client.ts';
import { type TenantContext, type TransactionSettings, tenantSetUp, withTenant } from './tenant.ts';

const dialect = new PgDialect();

/**
 * Drizzle's result types for `execute` on node-postgres (its `NodePgPreparedQuery`): dates, times and
 * intervals, and their arrays, stay the strings PostgreSQL sent; everything else as pg parses it. The
 * rows of this path are the rows `tx.execute` returns.
 */
const KEPT_AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const resultTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    KEPT_AS_TEXT.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
};

/**
 * A parameter as a quoted literal: the text pg would send for it, so the server reads it exactly as
 * the parameter (an untyped literal takes its type from where it stands, as an untyped parameter
 * does). Only strings, numbers, booleans, bigints and null; anything else is `undefined`.
 */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'boolean' || typeof value === 'bigint') return `'${value}'`;
  return undefined;
}

/**
 * The statement with `$1`..`$n` replaced by the literals of `params`; `undefined` when the text is
 * not one plain statement this scanner understands (a `;`, a dollar-quoted string, an unterminated
 * quote or comment) or a parameter cannot be written as a literal. Placeholders inside quoted strings,
 * quoted identifiers and comments are left alone.
 */
export function inlineParameters(text: string, params: readonly unknown[]): string | undefined {
  const literals: string[] = [];
  for (const param of params) {
    const lit = literalOf(param);
    if (lit === undefined) return undefined;
    literals.push(lit);
  }
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === "'" || c === '"') {
      // A quoted string or identifier; a doubled quote is part of it. E'...' strings may escape a
      // quote with a backslash.
      const escapes = c === "'" && /[eE]/.test(text[i - 1] ?? '') && !/\w/.test(text[i - 2] ?? '');
      let j = i + 1;
      for (;;) {
        if (j >= n) return undefined;
        if (escapes && text[j] === '\\') {
          j += 2;
          continue;
        }
        if (text[j] === c) {
          if (text[j + 1] === c) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out += text.slice(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) return undefined;
      out += text.slice(i, end + 2);
      i = end + 2;
    } else if (c === '$') {
      const digits = /^\$(\d+)/.exec(text.slice(i, i + 12));
      // `$` inside a word (an identifier such as a$1) is no placeholder; anything else is a dollar quote.
      if (!digits || /[\w$]/.test(text[i - 1] ?? '')) return undefined;
      const index = Number(digits[1]);
      const lit = literals[index - 1];
      if (lit === undefined) return undefined;
      out += lit;
      i += (digits[0] as string).length;
    } else if (c === ';') {
      return undefined;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The pg pool behind a Drizzle database on PostgreSQL; `undefined` on PGlite. */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Runs one read statement as the serving role, scoped to one company, and returns its rows, as
 * `withTenant(db, ctx, (tx) => tx.execute(query), settings)` would, in one round trip on PostgreSQL.
 * On PGlite (in process, no round trips) and for a statement the scanner cannot inline, it is that
 * `withTenant` call. For a statement and nothing else: a service that reads twice, or reads and
 * writes, uses `withTenant`.
 */
export async function readWithTenant<T>(
  db: Db,
  ctx: TenantContext,
  query: SQL,
  settings?: TransactionSettings,
): Promise<T[]> {
  const pool = poolOf(db);
  const setUp = tenantSetUp(ctx, settings);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = pool ? inlineParameters(text, params) : undefined;
  if (!pool || statement === undefined) {
    return withTenant(db, ctx, async (tx) => rowsOf<T>(await tx.execute(query)), settings);
  }
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    const results = (await client.query({
      text: `${setUp.replace(/^select /, "select set_config('transaction_read_only', 'on', true), ")}; ${statement}`,
      types: resultTypes,
    })) as unknown as pg.QueryResult[];
    // One result per statement: the set-up's, then the read's.
    const read = Array.isArray(results) ? results[results.length - 1] : undefined;
    if (!read) throw new Error('readWithTenant: no result for the read');
    return read.rows as T[];
  } catch (err) {
    // A failed message has ended its transaction; a connection that failed itself goes.
    if (!(err instanceof pg.DatabaseError)) failed = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(failed);
  }
}

/** Runs one statement and returns its rows: `readWithTenant` bound to a tenant, or a transaction. */
export type ReadStatement = <T>(query: SQL) => Promise<T[]>;

/** A repository read's source: a transaction it runs in, or one-statement reads (`readWithTenant`). */
export function statementReader(source: Tx | ReadStatement): ReadStatement {
  if (typeof source === 'function') return source;
  return async <T>(query: SQL) => rowsOf<T>(await source.execute(query));
}

/** `readWithTenant` for one tenant and settings, as a repository's `ReadStatement`. */
export function tenantReader(db: Db, ctx: TenantContext, settings?: TransactionSettings): ReadStatement {
  return <T>(query: SQL) => readWithTenant<T>(db, ctx, query, settings);
}
