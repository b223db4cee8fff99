/** POST /api/v1/documents: one upload, stored where its document type's policy says. */
import {
  CLOUD_MESSAGES,
  type CloudProvider,
  cloudFolderFor,
  type DocumentType,
  type DocumentUploadResponse,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import type { Principal } from '../../http/app-env.ts';
import { AppError } from '../../http/app-error.ts';
import type { StoragePort } from '../../integrations/storage/storage-port.ts';
import { type CloudStorageDeps, cloudUpload, policyFor } from '../cloud-storage/cloud-storage.service.ts';

export const DOCUMENTS_BUCKET = 'documents';

export interface DocumentsDeps extends CloudStorageDeps {
  storage: StoragePort | undefined;
}

const PRIMARY_PROVIDER: Record<string, CloudProvider> = {
  microsoft_onedrive: 'microsoft',
  google_drive: 'google',
};

export async function uploadDocument(
  deps: DocumentsDeps,
  principal: Principal,
  input: {
    documentType: DocumentType;
    fileName: string;
    data: Uint8Array;
    contentType: string;
    department?: string | undefined;
  },
  now = new Date(),
): Promise<DocumentUploadResponse> {
  const { policy, settings, configurations } = await policyFor(deps, principal, input.documentType);
  // With cloud storage switched off, every document stays in app storage.
  const location = settings?.enabled ? policy.storageLocation : 'supabase';
  let cloud: DocumentUploadResponse['cloud'] = null;
  if (location !== 'supabase') {
    const active = configurations.filter((c) => c.isActive).map((c) => c.provider);
    const preferred = PRIMARY_PROVIDER[settings?.primaryProvider ?? ''];
    const provider = preferred && active.includes(preferred) ? preferred : active[0];
    if (!provider) throw new AppError(409, 'CLOUD_NOT_CONNECTED', CLOUD_MESSAGES.noCloudProvider);
    const folderPath = cloudFolderFor({
      structure: settings?.folderStructure ?? 'flat',
      companyName: settings?.tradingName || settings?.companyName || 'Company',
      department: input.department,
      date: now,
      policyFolder: policy.cloudFolderPath,
    });
    // Cloud first: when it fails nothing has been written to app storage.
    const uploaded = await cloudUpload(deps, principal, provider, { ...input, folderPath });
    cloud = { provider, path: `${folderPath}/${input.fileName}`, id: uploaded.id };
  }
  let app: DocumentUploadResponse['app'] = null;
  if (location !== 'cloud_primary') {
    if (!deps.storage) throw new AppError(503, 'STORAGE_UNAVAILABLE', CLOUD_MESSAGES.appStorageUnavailable);
    const key = `${principal.companyId}/${input.documentType}/${now.getTime()}-${input.fileName}`;
    await deps.storage.put({
      bucket: DOCUMENTS_BUCKET,
      key,
      body: input.data,
      contentType: input.contentType,
    });
    app = { bucket: DOCUMENTS_BUCKET, key };
  }
  return { documentType: input.documentType, storageLocation: location, app, cloud };
}
