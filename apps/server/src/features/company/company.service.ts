/** Company details: legal and trading names, addresses and the logo (kept through the storage port). */
import type { CompanyDetails, CompanyDetailsRequest } from '@hr/shared/company/company-details.schemas';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import type { DetectedImage } from '../../integrations/storage/image-upload.ts';
import { COMPANY_ASSETS_BUCKET } from '../../integrations/storage/object-keys.ts';
import { deleteReplacedAsset } from '../../integrations/storage/replaced-asset.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findCompany, findCompanyDetails, saveCompanyDetails, setCompanyLogo } from './company.repository.ts';

type DetailsRow = NonNullable<Awaited<ReturnType<typeof findCompanyDetails>>>;

function toDetails(row: DetailsRow): CompanyDetails {
  return {
    id: row.id,
    legalName: row.legalName,
    tradingName: row.tradingName || null,
    logoUrl: row.logoUrl || null,
    addresses: row.addresses.map((a) => ({ ...a, address_line_2: a.address_line_2 || null })),
  };
}

/** The company's details; a company without a details row gets one started from its own names. */
export async function getCompanyDetails(db: Db, principal: Principal): Promise<CompanyDetails> {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const row = await findCompanyDetails(tx, principal.companyId);
    if (row) return toDetails(row);
    const company = await findCompany(tx, principal.companyId);
    if (!company) throw errors.notFound();
    const created = await saveCompanyDetails(tx, principal.companyId, {
      legalName: company.legalName || company.name,
      tradingName: company.tradingName || null,
      addresses: [],
    });
    if (!created) throw errors.notFound();
    return toDetails(created);
  });
}

export async function updateCompanyDetails(
  db: Db,
  principal: Principal,
  input: { legalName: string; tradingName: string | null; addresses: CompanyDetailsRequest['addresses'] },
): Promise<CompanyDetails> {
  const addresses = input.addresses.map((a) => ({ ...a, address_line_2: a.address_line_2 || null }));
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    const before = await findCompanyDetails(tx, principal.companyId);
    const saved = await saveCompanyDetails(tx, principal.companyId, { ...input, addresses });
    if (saved) {
      const fields = (r: DetailsRow | null) =>
        r ? { legalName: r.legalName, tradingName: r.tradingName, addresses: r.addresses } : null;
      await recordAudit(tx, principal, {
        kind: 'settings.changed',
        targetType: 'company_details',
        targetId: principal.companyId,
        targetLabel: saved.legalName,
        before: fields(before),
        after: fields(saved),
      });
    }
    return saved;
  });
  if (!row) throw errors.notFound();
  return toDetails(row);
}

/**
 * Stores the logo as {companyId}/logo-{timestamp}.{ext} in company-assets and records its public URL;
 * the file it replaced is deleted once that has committed.
 */
export async function uploadCompanyLogo(
  db: Db,
  storage: StoragePort,
  principal: Principal,
  file: { bytes: Uint8Array; image: DetectedImage },
  now = Date.now(),
): Promise<{ logoUrl: string }> {
  const key = `${principal.companyId}/logo-${now}.${file.image.extension}`;
  await storage.put({
    bucket: COMPANY_ASSETS_BUCKET,
    key,
    body: file.bytes,
    contentType: file.image.contentType,
  });
  const logoUrl = storage.publicUrl(COMPANY_ASSETS_BUCKET, key);
  await replaceCompanyLogo(db, storage, principal, logoUrl);
  return { logoUrl };
}

/** Removes the company's logo (the header shows none) and deletes its file once that has committed. */
export async function removeCompanyLogo(
  db: Db,
  storage: StoragePort,
  principal: Principal,
): Promise<CompanyDetails> {
  return toDetails(await replaceCompanyLogo(db, storage, principal, null));
}

async function replaceCompanyLogo(
  db: Db,
  storage: StoragePort,
  principal: Principal,
  logoUrl: string | null,
): Promise<DetailsRow> {
  const { previous, row } = await withTenant(db, tenantOf(principal), async (tx) => {
    // The company row locked, so that of parallel replacements each reads the logo the one before it
    // set (and deletes that file); a company without a details row yet has no row to lock there.
    const company = await findCompany(tx, principal.companyId, true);
    if (!company) throw errors.notFound();
    const before = await findCompanyDetails(tx, principal.companyId);
    const saved = await setCompanyLogo(tx, principal.companyId, company.legalName || company.name, logoUrl);
    const previous = before?.logoUrl ?? null;
    if (saved && previous !== logoUrl) {
      await recordAudit(tx, principal, {
        kind: 'settings.changed',
        targetType: 'company_details',
        targetId: principal.companyId,
        targetLabel: saved.legalName,
        before: { logoUrl: previous },
        after: { logoUrl },
      });
    }
    return { previous, row: saved };
  });
  if (!row) throw errors.notFound();
  // After the commit: a failed change keeps the current logo's file. Only the company's own folder.
  await deleteReplacedAsset(storage, principal.companyId, previous, logoUrl);
  return row;
}
