/** The company_details row of a company (one per company), and the company row it falls back to. */
import type { Address } from '@hr/shared/company/company-details.schemas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, companyDetails } from '../../db/schema/core.ts';

export async function findCompanyDetails(tx: Tx, companyId: string) {
  const [row] = await tx.select().from(companyDetails).where(eq(companyDetails.companyId, companyId));
  return row ?? null;
}

/**
 * The company row; `lock` holds it until the transaction ends (replacing the logo), as FOR NO KEY
 * UPDATE, which the foreign keys of the company's other rows (FOR KEY SHARE) do not wait for.
 */
export async function findCompany(tx: Tx, companyId: string, lock = false) {
  const query = tx.select().from(companies).where(eq(companies.id, companyId));
  const [row] = lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** Insert or update on company_id; the companies row keeps the same legal and trading names. */
export async function saveCompanyDetails(
  tx: Tx,
  companyId: string,
  values: { legalName: string; tradingName: string | null; addresses: Address[] },
) {
  const [row] = await tx
    .insert(companyDetails)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyDetails.companyId, set: { ...values, updatedAt: new Date() } })
    .returning();
  await tx
    .update(companies)
    .set({ legalName: values.legalName, tradingName: values.tradingName })
    .where(eq(companies.id, companyId));
  return row;
}

export async function setCompanyLogo(tx: Tx, companyId: string, legalName: string, logoUrl: string | null) {
  const [row] = await tx
    .insert(companyDetails)
    .values({ companyId, legalName, logoUrl })
    .onConflictDoUpdate({ target: companyDetails.companyId, set: { logoUrl, updatedAt: new Date() } })
    .returning();
  return row;
}
