/** Active companies (readable in full by the developer role only, through RLS) and the profile's company. */
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, profiles } from '../../db/schema/core.ts';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  legalName: companies.legalName,
  tradingName: companies.tradingName,
};

export async function listActiveCompanies(tx: Tx) {
  return tx
    .select(companyColumns)
    .from(companies)
    .where(eq(companies.isActive, true))
    .orderBy(asc(companies.name));
}

export async function findActiveCompany(tx: Tx, companyId: string) {
  const [row] = await tx
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.isActive, true)));
  return row ?? null;
}

export async function setProfileCompany(tx: Tx, userId: string, companyId: string): Promise<void> {
  await tx.update(profiles).set({ companyId }).where(eq(profiles.id, userId));
}

/** Reads company_id and full_name back, as the spec's switch does to verify it. */
export async function readProfileCompany(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ companyId: profiles.companyId, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}
