import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../paths.ts';
import { type Database, type Queryable, rowsOf } from './client.ts';

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } else {
    // Imported here: a server on PostgreSQL never loads the PGlite driver (ADR 0135).
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  }
}

/**
 * Refuses to serve when the role requests switch to could bypass row-level security: then a bug in
 * a service would leak another company's rows, and the database would not stop it.
 */
export async function assertServingRoleIsRestricted(db: Queryable): Promise<void> {
  const [row] = rowsOf<{ rolsuper: boolean; rolbypassrls: boolean }>(
    await db.execute(sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'app_user'`),
  );
  if (!row) throw new Error('The serving role app_user does not exist; migrations did not run.');
  if (row.rolsuper || row.rolbypassrls) {
    throw new Error('The serving role app_user bypasses row-level security; refusing to start.');
  }
}
