/**
 * One read statement in a tenant, in one round trip (ADR 0150). `withTenant` costs two round trips
 * around a single read besides the read itself (`begin` with the tenant set-up; `commit`); a read
 * that is one statement goes out as one pipeline of extended-protocol messages instead, written in
 * one socket write:
 *
 *   Parse/Bind/Execute  select set_config('transaction_read_only', 'on', true),
 *                              set_config('role', 'app_user', true), ... (the tenant set-up)
 *   [Parse]/Bind/Describe/Execute  the read, prepared by name as every statement (ADR 0045)
 *   Sync
 *
 * PostgreSQL runs everything before a Sync as one implicit transaction (there is no `begin`), so the
 * `set_config(..., true)` settings end at the Sync, whether the read succeeds or fails: a pooled
 * connection never keeps a tenant or a role (as with `withTenant`), and the pipeline is one
 * transaction behind a transaction pooler too. The transaction is read-only: a write through this
 * path fails.
 */
import type { Logger, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, rowsOf, type Tx } from './client.ts';
import { PipelinedQuery } from './pipelined-query.ts';
import { preparedName } from './prepared-statements.ts';
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

/** How the set-up of a one-round-trip read begins: the bench's replay recognises it by this. */
export const READ_ONLY_SET_UP = "select set_config('transaction_read_only', 'on', true)";

/** The pg pool behind a Drizzle database on PostgreSQL; `undefined` on PGlite. */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Runs one read statement as the serving role, scoped to one company, and returns its rows, as
 * `withTenant(db, ctx, (tx) => tx.execute(query), settings)` would, in one round trip on PostgreSQL.
 * On PGlite (in process, no round trips) it is that `withTenant` call. For a statement and nothing else: a service that reads twice, or reads and
 * writes, uses `withTenant`.
 */
export async function readWithTenant<T>(
  db: Db,
  ctx: TenantContext,
  query: SQL,
  settings?: TransactionSettings,
): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return withTenant(db, ctx, async (tx) => rowsOf<T>(await tx.execute(query)), settings);
  const setUp = tenantSetUp(ctx, settings).replace(/^select /, `${READ_ONLY_SET_UP}, `);
  const { sql: text, params } = dialect.sqlToQuery(query);
  // Drizzle's logger (the bench's capture) sees both statements, the set-up first.
  const logger = (db as unknown as { session?: { logger?: Logger } }).session?.logger;
  logger?.logQuery(setUp, []);
  logger?.logQuery(text, params);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await runTenantRead<T>(client, setUp, text, params);
  } catch (err) {
    // A failed pipeline has ended its transaction, but pg's note of which statements the connection
    // has prepared may be wrong after one: the connection goes (reads fail rarely).
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Sends the set-up (a statement without parameters) and the read in one pipeline on `client` and
 * returns the read's rows. The read is prepared by name when the client prepares statements.
 */
export async function runTenantRead<T>(
  client: pg.PoolClient,
  setUp: string,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const name = preparedName(client, text, params);
  const result = await new Promise<pg.QueryResult>((resolve, reject) => {
    const read = new PipelinedQuery(
      [setUp],
      { text, values: params, types: resultTypes, name },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    client.query(read as unknown as pg.Submittable);
  });
  return result.rows as T[];
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
