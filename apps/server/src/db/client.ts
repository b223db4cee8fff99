/**
 * Opens the database: PGlite under DATA_DIR by default, PostgreSQL through a pg pool with DATABASE_URL.
 * PGlite and its drizzle driver are imported only when PGlite is opened: a server on PostgreSQL never
 * loads them (ADR 0135).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { coalesceBegin } from './coalesce-begin.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { prepareRepeatedStatements } from './prepared-statements.ts';
import { type Schema, schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: what repositories accept. */
export type Queryable = Db | Tx;

/** Stops a LISTEN started by `Database.listen`. */
export type Unlisten = () => Promise<void>;

/**
 * Subscribes to a NOTIFY channel: PGlite's in-process listener, or one dedicated PostgreSQL connection
 * that reconnects by itself. `onReconnect` runs after a lost connection is back (messages may be missed).
 */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<Unlisten>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  listen: Listen;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL: where the LISTEN connections go (default `databaseUrl`). Behind a transaction pooler
   * this must reach PostgreSQL directly: a pooler hands the connection to other clients between
   * transactions, so a LISTEN on it hears nothing (docs/operations.md, ADR 0081).
   */
  listenUrl?: string | undefined;
  /** Folder for PGlite's files; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** PostgreSQL: prepare each parameterised statement once per connection (default true, ADR 0045). */
  preparedStatements?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A pool error on an idle client must not crash the process; the next query reports it.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      if (options.preparedStatements !== false) prepareRepeatedStatements(client);
      coalesceBegin(client);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<Unlisten>();
    const listen: Listen = async (channel, onMessage, onReconnect) => {
      const listenUrl = options.listenUrl ?? (options.databaseUrl as string);
      const stop = await listenOnPostgres(listenUrl, channel, onMessage, onReconnect);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    };
    return {
      db,
      kind: 'postgres',
      listen,
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (options.pgliteDir) {
    dataDir = path.resolve(options.pgliteDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
    // One process per data folder, taken before PGlite touches a file (data-dir-lock.ts).
    lock = acquireDataDirLock(dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  let client: PGlite;
  let drizzlePglite: typeof import('drizzle-orm/pglite').drizzle;
  try {
    const [pglite, trgm, driver] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
    ]);
    drizzlePglite = driver.drizzle;
    // pg_trgm serves the employee search's trigram index (migration 0010).
    client = await pglite.PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      extensions: { pg_trgm: trgm.pg_trgm },
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const listen: Listen = async (channel, onMessage) => {
    const stop = await client.listen(channel, onMessage);
    return async () => {
      if (!client.closed) await stop();
    };
  };
  return {
    db,
    kind: 'pglite',
    listen,
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Start-up check of DATABASE_LISTEN_URL: the listener connects lazily (the first event stream), so a
 * wrong URL would otherwise only show as live notifications that never arrive.
 */
export async function checkPostgresConnection(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/** One dedicated connection running LISTEN; it reconnects with back-off when the server goes away. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<Unlisten> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    next.on('error', () => scheduleReconnect(next));
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  const scheduleReconnect = (broken: pg.Client) => {
    if (stopped || client !== broken) return;
    client = null;
    broken.removeAllListeners('end');
    broken.end().catch(() => {});
    const retry = () => {
      if (stopped) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
      attempt += 1;
      timer = setTimeout(() => {
        connect().then(
          () => {
            attempt = 0;
            onReconnect?.();
          },
          () => retry(),
        );
      }, delay);
    };
    retry();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => {});
    }
  };
}

/** Rows of a raw `db.execute` result; both drivers return `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
