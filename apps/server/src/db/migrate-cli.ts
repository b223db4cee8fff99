import path from 'node:path';
import { loadEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'pglite'),
});
await runMigrations(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
