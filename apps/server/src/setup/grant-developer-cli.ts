/** npm run user:grant-developer -- <email>: makes an existing user a developer (ADR 0047). */
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { withDatabaseStartupErrors } from '../db/connection-errors.ts';
import { runMigrations } from '../db/migrate.ts';
import { loadEnv } from '../env.ts';
import { runEntryPoint } from '../startup-error.ts';
import { grantDeveloper } from './grant-developer.ts';

await runEntryPoint(async () => {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  });
  try {
    await withDatabaseStartupErrors(env.DATABASE_URL, () => runMigrations(database));
    const result = await grantDeveloper(database.db, process.argv[2]);
    console.log(
      result.previousRole === 'developer'
        ? `${result.email} is already a developer.`
        : `${result.email} is now a developer (was ${result.previousRole ?? 'no role'}).`,
    );
  } finally {
    await database.close();
  }
});
