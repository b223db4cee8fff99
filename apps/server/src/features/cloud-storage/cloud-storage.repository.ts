import type { CloudProvider, StorageLocation } from '@hr/shared/cloud-storage/cloud-storage.schemas';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies, companySettings } from '../../db/schema/core.ts';
import {
  cloudStorageAudit,
  cloudStorageConfigurations,
  documentStoragePolicies,
} from '../../db/schema/integrations.ts';

export async function findCloudSettings(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({
      companyName: companies.name,
      tradingName: companies.tradingName,
      enabled: companySettings.cloudStorageEnabled,
      primaryProvider: companySettings.primaryCloudProvider,
      folderStructure: companySettings.cloudStorageFolderStructure,
    })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  return row ?? null;
}

export async function setCloudStorageEnabled(tx: Tx, companyId: string, enabled: boolean): Promise<void> {
  await tx
    .insert(companySettings)
    .values({ companyId, cloudStorageEnabled: enabled })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { cloudStorageEnabled: enabled } });
}

export function listConfigurations(tx: Tx, companyId: string) {
  return tx
    .select({ provider: cloudStorageConfigurations.provider, isActive: cloudStorageConfigurations.isActive })
    .from(cloudStorageConfigurations)
    .where(eq(cloudStorageConfigurations.companyId, companyId));
}

export async function findConfiguration(tx: Tx, companyId: string, provider: CloudProvider) {
  const [row] = await tx
    .select()
    .from(cloudStorageConfigurations)
    .where(
      and(
        eq(cloudStorageConfigurations.companyId, companyId),
        eq(cloudStorageConfigurations.provider, provider),
      ),
    );
  return row ?? null;
}

export async function saveConfigurationTokens(
  tx: Tx,
  companyId: string,
  provider: CloudProvider,
  encryptedTokens: string,
): Promise<void> {
  await tx
    .insert(cloudStorageConfigurations)
    .values({ companyId, provider, encryptedTokens, isActive: true })
    .onConflictDoUpdate({
      target: [cloudStorageConfigurations.companyId, cloudStorageConfigurations.provider],
      set: { encryptedTokens, isActive: true },
    });
}

export function listPolicies(tx: Tx, companyId: string) {
  return tx
    .select({
      documentType: documentStoragePolicies.documentType,
      storageLocation: documentStoragePolicies.storageLocation,
      cloudFolderPath: documentStoragePolicies.cloudFolderPath,
    })
    .from(documentStoragePolicies)
    .where(eq(documentStoragePolicies.companyId, companyId));
}

export async function upsertPolicy(
  tx: Tx,
  row: { companyId: string; documentType: string; storageLocation: StorageLocation; cloudFolderPath: string },
): Promise<void> {
  await tx
    .insert(documentStoragePolicies)
    .values(row)
    .onConflictDoUpdate({
      target: [documentStoragePolicies.companyId, documentStoragePolicies.documentType],
      set: { storageLocation: row.storageLocation, cloudFolderPath: row.cloudFolderPath },
    });
}

export async function insertAudit(tx: Tx, row: typeof cloudStorageAudit.$inferInsert): Promise<void> {
  await tx.insert(cloudStorageAudit).values(row);
}

export function listAudit(tx: Tx, companyId: string) {
  return tx.select().from(cloudStorageAudit).where(eq(cloudStorageAudit.companyId, companyId));
}
