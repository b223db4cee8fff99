import path from 'node:path';
import { loadEnv } from '../env.ts';
import { runEntryPoint } from '../startup-error.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

await runEntryPoint(async () => {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
  });
  await runMigrations(database);
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
});
