/** Company switching for developers: list active companies and move the developer's profile to one. */

import type { CompanyOption, SwitchCompanyResponse } from '@hr/shared/company/company-details.schemas';
import { companyDisplayName } from '@hr/shared/company/company-display';
import { COMPANY_MESSAGES } from '@hr/shared/company/company-messages';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { insertSecurityEvent } from '../auth/security-events.service.ts';
import type { RequestMeta } from '../settings/settings.service.ts';
import {
  findActiveCompany,
  listActiveCompanies,
  readProfileCompany,
  setProfileCompany,
} from './companies.repository.ts';

const toOption = (c: { id: string; name: string; legalName: string | null; tradingName: string | null }) =>
  ({ ...c, displayName: companyDisplayName(c) }) satisfies CompanyOption;

export async function getCompanies(db: Db, principal: Principal): Promise<{ companies: CompanyOption[] }> {
  const rows = await withTenant(db, tenantOf(principal), (tx) => listActiveCompanies(tx));
  return { companies: rows.map(toOption) };
}

export async function switchCompany(
  db: Db,
  principal: Principal,
  companyId: string,
  meta: RequestMeta,
): Promise<SwitchCompanyResponse> {
  const result = await withTenant(db, tenantOf(principal), async (tx) => {
    const target = await findActiveCompany(tx, companyId);
    if (!target) throw errors.notFound(COMPANY_MESSAGES.unknownCompany);
    // Recorded in the company being left: the transaction's tenant (the new one's rows are not writable yet).
    if (principal.companyId !== companyId) {
      await recordAudit(tx, principal, {
        kind: 'company.switched',
        targetType: 'company',
        targetId: companyId,
        targetLabel: toOption(target).displayName,
        before: { companyId: principal.companyId },
        after: { companyId },
      });
    }
    await setProfileCompany(tx, principal.user.id, companyId);
    const verified = await readProfileCompany(tx, principal.user.id);
    if (verified?.companyId !== companyId) throw new Error('company switch did not persist');
    return { companyId, fullName: verified.fullName, company: toOption(target) };
  });
  if (principal.companyId !== companyId) {
    await insertSecurityEvent(db, {
      action: 'company_switched',
      userId: principal.user.id,
      companyId,
      email: principal.user.email,
      ...meta,
      metadata: { from: principal.companyId, to: companyId },
    });
  }
  return result;
}
