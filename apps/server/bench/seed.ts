/**
 * `npm run bench:seed`: the benchmark dataset, from scratch, on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/hr_bench, dropped and created again) and on PGlite
 * (bench/.data/pglite). `--only=postgres` or `--only=pglite` seeds one of them.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { analyze, BENCH_PASSWORD, benchCompanies, seedCompany } from './dataset.ts';
import { benchPaths, hashPassword } from './support.ts';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

async function recreatePostgres(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
}

async function seed(kind: 'postgres' | 'pglite') {
  const started = performance.now();
  if (kind === 'postgres') await recreatePostgres(benchPaths.databaseUrl);
  else rmSync(benchPaths.pgliteDir, { recursive: true, force: true });
  const database = await openDatabase(
    kind === 'postgres' ? { databaseUrl: benchPaths.databaseUrl } : { pgliteDir: benchPaths.pgliteDir },
  );
  await runMigrations(database);
  const passwordHash = await hashPassword(database.db, BENCH_PASSWORD);
  // PGlite runs in this process on one core: the 50,000-employee company is seeded on PostgreSQL only.
  const companies = benchCompanies({ withLargest: kind === 'postgres' });
  if (kind === 'pglite')
    console.log('note: PGlite gets every company except the 50,000-employee one (PostgreSQL only).');
  for (const c of companies) {
    const t0 = performance.now();
    await seedCompany(database.db, c, passwordHash);
    if (c.employees >= 500) {
      console.log(
        `  ${kind}: ${c.name} (${c.employees} employees) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
  }
  await analyze(database.db);
  await database.close();
  console.log(
    `${kind}: ${companies.length} companies seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

if (only !== 'pglite') await seed('postgres');
if (only !== 'postgres') await seed('pglite');
