/**
 * Issue 19's two timings on the 5,000-employee bench company, through the product's own services:
 * - importing a 5,000-row CSV (parse, check every row, one transaction writing them and their
 *   ledger; budget under 15 s), the rows removed afterwards so the dataset stays as seeded;
 * - the balances report of the company as its CSV download builds it (budget under 2 s).
 * `npm run bench` runs them per target (--filter=import or --filter=balances for one alone); on its
 * own, against PostgreSQL:
 *
 *   npx tsx apps/server/bench/import-reports.ts --own-db   (creates hr_bench_import with only that company)
 */
import { IMPORT_COLUMN_HEADERS, IMPORT_COLUMNS } from '@hr/shared/hr/employee-import';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rowsOf } from '../src/db/client.ts';
import { NO_DATA_VERSIONS } from '../src/db/data-areas.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { importEmployees } from '../src/features/employees/employee-import.service.ts';
import { balanceCsvRows, balancesReport } from '../src/features/reports/reports.service.ts';
import type { Principal } from '../src/http/app-env.ts';
import { toCsv } from '../src/http/csv.ts';
import { BENCH_PASSWORD, benchCompanies, emailOf, ROLES_BY_NUMBER, seedCompany } from './dataset.ts';
import { hashPassword } from './support.ts';

export const IMPORT_ROWS = 5_000;
export const IMPORT_BUDGET_MS = 15_000;
export const BALANCES_REPORT_BUDGET_MS = 2_000;

export interface ImportReportsResult {
  companyEmployees: number;
  importRows: number;
  importMs: number;
  imported: number;
  importBudgetMs: number;
  importWithinBudget: boolean;
  balancesReportMs: number;
  balancesReportRows: number;
  balancesReportBudgetMs: number;
  balancesReportWithinBudget: boolean;
}

async function ownerPrincipal(database: Database, companyKey: string): Promise<Principal> {
  const [owner] = rowsOf<{ id: string; companyId: string; email: string; n: number }>(
    await database.db.execute(sql`select p.id, p.company_id as "companyId", p.email,
        (select count(*)::int from employee_records e where e.company_id = p.company_id) as n
      from profiles p where p.email = ${emailOf(companyKey, ROLES_BY_NUMBER.owner)}`),
  );
  if (!owner) throw new Error(`bench company ${companyKey} is not seeded`);
  return {
    user: { id: owner.id, email: owner.email, emailVerified: true, name: 'Bench owner' },
    sessionId: 'bench',
    companyId: owner.companyId,
    role: 'super_admin',
    levels: {},
    dataVersions: NO_DATA_VERSIONS,
    mustChangePassword: false,
    ipAddress: null,
  };
}

/** A 5,000-row file as a company going live would send: every column, line managers in the file. */
export function importFile(prefix: string, rows = IMPORT_ROWS): Uint8Array {
  const lines = [IMPORT_COLUMNS.map((c) => IMPORT_COLUMN_HEADERS[c]).join(',')];
  const patterns = ['', 'monday tuesday wednesday', 'mon tue wed thu'];
  for (let i = 1; i <= rows; i++) {
    const manager = i > 10 ? `${prefix}-${1 + (i % 10)}` : '';
    lines.push(
      [
        `${prefix}-${i}`,
        `Imported Person ${i}`,
        `${prefix.toLowerCase()}.${i}@import.example`,
        'Technician',
        `Department ${i % 25}`,
        `${String(1 + (i % 28)).padStart(2, '0')}/0${1 + (i % 9)}/2025`,
        manager,
        i % 7 === 0 ? 'scotland' : '',
        patterns[i % 3],
        i % 5 === 0 ? '25' : '',
        i % 4 === 0 ? '2.5' : '',
        i % 2 === 0 ? 'yes' : 'no',
      ].join(','),
    );
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

export async function measureImportAndReports(
  database: Database,
  companyKey = 's5000',
  which: { import: boolean; balances: boolean } = { import: true, balances: true },
): Promise<ImportReportsResult> {
  const principal = await ownerPrincipal(database, companyKey);
  const [count] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from employee_records where company_id = ${principal.companyId}`,
    ),
  );
  const prefix = `BIMP${Date.now().toString(36).toUpperCase()}`;
  let importMs = Number.NaN;
  let imported = 0;
  if (which.import) {
    const file = importFile(prefix);
    const t0 = performance.now();
    try {
      imported = (await importEmployees(database.db, principal, file, false)).imported;
      importMs = Math.round(performance.now() - t0);
    } finally {
      // The imported records have no requests: deleting them takes their ledger entries too. The
      // invitations the import sent (and their queued emails) go as well, so that each run starts
      // from the same data (they piled up by 2,500 a run).
      await database.db.execute(
        sql`delete from employee_records where company_id = ${principal.companyId} and employee_number like ${`${prefix}-%`}`,
      );
      const invited = `${prefix.toLowerCase()}.%@import.example`;
      await database.db.execute(
        sql`delete from invitations where company_id = ${principal.companyId} and email like ${invited}`,
      );
      await database.db.execute(
        sql`delete from email_outbox where company_id = ${principal.companyId} and to_address like ${invited}`,
      );
    }
  }
  let balancesReportMs = Number.NaN;
  let balancesReportRows = 0;
  if (which.balances) {
    const t0 = performance.now();
    const report = await balancesReport(database.db, principal, { year: null, department: null });
    toCsv(balanceCsvRows(report));
    balancesReportMs = Math.round(performance.now() - t0);
    balancesReportRows = report.items.length;
  }
  return {
    companyEmployees: count?.n ?? 0,
    importRows: which.import ? IMPORT_ROWS : 0,
    importMs,
    imported,
    importBudgetMs: IMPORT_BUDGET_MS,
    importWithinBudget: importMs < IMPORT_BUDGET_MS,
    balancesReportMs,
    balancesReportRows,
    balancesReportBudgetMs: BALANCES_REPORT_BUDGET_MS,
    balancesReportWithinBudget: balancesReportMs < BALANCES_REPORT_BUDGET_MS,
  };
}

if (process.argv.includes('--own-db')) {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('drop database if exists hr_bench_import with (force)');
  await admin.query('create database hr_bench_import');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/hr_bench_import';
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  const big = benchCompanies({ withLargest: false }).find((c) => c.key === 's5000');
  if (!big) throw new Error('no s5000 company in the dataset');
  const t0 = performance.now();
  await seedCompany(database.db, big, await hashPassword(database.db, BENCH_PASSWORD));
  await database.db.execute(sql`analyze`);
  console.log(`seeded ${big.name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(await measureImportAndReports(database), null, 2));
  await database.close();
}
