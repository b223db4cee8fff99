/** Creates a company with everything a new company needs, inside the caller's tenant transaction. */
import type { Role } from '@hr/shared/roles';
import type { Tx } from '../../db/client.ts';
import { companies, companySettings, profiles, userRoles } from '../../db/schema/core.ts';

export async function insertCompanyWithDefaults(
  tx: Tx,
  company: { id: string; name: string },
): Promise<void> {
  await tx.insert(companies).values({ id: company.id, name: company.name, legalName: company.name });
  // Every column default is the product's company-settings default (`company-settings.ts`).
  await tx.insert(companySettings).values({ companyId: company.id });
}

export async function insertProfileWithRole(
  tx: Tx,
  profile: {
    id: string;
    companyId: string;
    email: string;
    fullName: string;
    firstLoginCompleted: boolean;
    role: Role;
  },
): Promise<void> {
  await tx.insert(profiles).values({
    id: profile.id,
    companyId: profile.companyId,
    email: profile.email,
    fullName: profile.fullName,
    firstLoginCompleted: profile.firstLoginCompleted,
  });
  await tx.insert(userRoles).values({ userId: profile.id, role: profile.role });
}
