import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { companies, companyDetails, profiles } from '../../db/schema/core.ts';
import { employeeRecords } from '../../db/schema/hr.ts';

const lineManagers = alias(profiles, 'line_managers');

/** The profile with its company and line manager, in one query. */
export async function findMeRow(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      profile: profiles,
      company: {
        id: companies.id,
        name: companies.name,
        legalName: companies.legalName,
        tradingName: companies.tradingName,
      },
      logoUrl: companyDetails.logoUrl,
      lineManager: { id: lineManagers.id, fullName: lineManagers.fullName, phone: lineManagers.phone },
      managesSomeone: sql<boolean>`(exists (select 1 from ${profiles} reports where reports.line_manager = ${profiles.id}) or exists (select 1 from ${employeeRecords} e where e.line_manager_id = ${profiles.id} and e.company_id = ${profiles.companyId}))`,
    })
    .from(profiles)
    .leftJoin(companies, eq(companies.id, profiles.companyId))
    .leftJoin(companyDetails, eq(companyDetails.companyId, profiles.companyId))
    .leftJoin(lineManagers, eq(lineManagers.id, profiles.lineManager))
    .where(eq(profiles.id, userId));
  return row ?? null;
}

export async function markFirstLoginCompleted(tx: Tx, userId: string): Promise<void> {
  await tx.update(profiles).set({ firstLoginCompleted: true }).where(eq(profiles.id, userId));
}
