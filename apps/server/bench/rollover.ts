/**
 * The holiday-year rollover of the 5,000-employee bench company (issue 18, budget: under 10 s), timed
 * through the product's own `rolloverCompany`: once into a year with no entries (5,000 entitlements
 * and carry-overs written), then again (nothing to write). The year's entries are removed afterwards,
 * so the dataset stays as seeded. `npm run bench` runs it per target; on its own:
 *
 *   npx tsx apps/server/bench/rollover.ts --own-db   (creates hr_bench_rollover with only that company)
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rowsOf } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { rolloverCompany } from '../src/features/leave/leave.service.ts';
import { BENCH_PASSWORD, benchCompanies, emailOf, seedCompany } from './dataset.ts';
import { hashPassword } from './support.ts';

export const ROLLOVER_BUDGET_MS = 10_000;
/** A holiday year after every request and entry of the dataset. */
const NEXT_YEAR = '2027-01-01';

export interface RolloverResult {
  companyEmployees: number;
  firstMs: number;
  againMs: number;
  written: number;
  budgetMs: number;
  withinBudget: boolean;
}

export async function measureRollover(database: Database, companyKey = 's5000'): Promise<RolloverResult> {
  const db = database.db;
  const [company] = rowsOf<{ id: string; n: number }>(
    await db.execute(sql`select p.company_id as id,
        (select count(*)::int from employee_records e where e.company_id = p.company_id) as n
      from profiles p where p.email = ${emailOf(companyKey, 1)}`),
  );
  if (!company) throw new Error(`bench company ${companyKey} is not seeded`);
  const clear = () =>
    db.execute(
      sql`delete from leave_ledger_entries where company_id = ${company.id} and holiday_year_start = ${NEXT_YEAR}`,
    );
  await clear();
  let t0 = performance.now();
  const first = await rolloverCompany(db, company.id, NEXT_YEAR);
  const firstMs = Math.round(performance.now() - t0);
  t0 = performance.now();
  await rolloverCompany(db, company.id, NEXT_YEAR);
  const againMs = Math.round(performance.now() - t0);
  await clear();
  return {
    companyEmployees: company.n,
    firstMs,
    againMs,
    written: first.entitlements + first.carriedOver + first.expired,
    budgetMs: ROLLOVER_BUDGET_MS,
    withinBudget: firstMs < ROLLOVER_BUDGET_MS,
  };
}

if (process.argv.includes('--own-db')) {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('drop database if exists hr_bench_rollover with (force)');
  await admin.query('create database hr_bench_rollover');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/hr_bench_rollover';
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  const big = benchCompanies({ withLargest: false }).find((c) => c.key === 's5000');
  if (!big) throw new Error('no s5000 company in the dataset');
  const t0 = performance.now();
  await seedCompany(database.db, big, await hashPassword(database.db, BENCH_PASSWORD));
  await database.db.execute(sql`analyze`);
  console.log(`seeded ${big.name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(await measureRollover(database), null, 2));
  await database.close();
}
