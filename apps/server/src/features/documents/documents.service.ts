/** POST /api/v1/documents: one upload, stored where its document type's policy says; GET one back. */
import { randomUUID } from 'node:crypto';
import {
  CLOUD_MESSAGES,
  type CloudProvider,
  cloudFolderFor,
  type DocumentType,
  type DocumentUploadResponse,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import type { Principal } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';
import { isSafeObjectPath } from '../../integrations/storage/object-keys.ts';
import type { StoragePort, StoredObject } from '../../integrations/storage/storage-port.ts';
import { type CloudStorageDeps, cloudUpload, policyFor } from '../cloud-storage/cloud-storage.service.ts';

export const DOCUMENTS_BUCKET = 'documents';

/** The URL a member of the company downloads a stored document from (GET /api/v1/documents/file). */
export function documentFileUrl(key: string): string {
  return `/api/v1/documents/file?key=${encodeURIComponent(key)}`;
}

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
    const key = documentKey(principal.companyId, input.documentType, input.fileName);
    await deps.storage.put({
      bucket: DOCUMENTS_BUCKET,
      key,
      body: input.data,
      contentType: input.contentType,
      fileName: input.fileName,
    });
    app = { bucket: DOCUMENTS_BUCKET, key, fileName: input.fileName };
  }
  return { documentType: input.documentType, storageLocation: location, app, cloud };
}

/** The extension of a file name, lower case, when it is a plain one (letters and digits, 1-10). */
export function safeExtension(fileName: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1];
  return ext ? `.${ext.toLowerCase()}` : '';
}

/**
 * The storage key of a document: the company, the type and a uuid with the name's extension. The
 * name as uploaded (spaces, brackets, accents...) never reaches a path; it is kept as metadata.
 */
export function documentKey(companyId: string, documentType: DocumentType, fileName: string): string {
  return `${companyId}/${documentType}/${randomUUID()}${safeExtension(fileName)}`;
}

/** A document of the principal's company from app storage; another company's key is a 404. */
export async function getDocument(
  deps: DocumentsDeps,
  principal: Principal,
  key: string,
): Promise<StoredObject & { fileName: string }> {
  if (!deps.storage) throw new AppError(503, 'STORAGE_UNAVAILABLE', CLOUD_MESSAGES.appStorageUnavailable);
  if (!key.startsWith(`${principal.companyId}/`) || !isSafeObjectPath(DOCUMENTS_BUCKET, key))
    throw errors.notFound();
  const object = await deps.storage.get(DOCUMENTS_BUCKET, key);
  if (!object) throw errors.notFound();
  return { ...object, fileName: object.fileName ?? key.split('/').at(-1) ?? 'document' };
}
