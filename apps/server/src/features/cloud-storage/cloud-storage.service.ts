/**
 * Cloud storage per company: the on/off switch, provider connections (OAuth, sealed tokens),
 * per-document-type policies, and the upload and create_folder operations with their audit rows.
 */
import {
  CLOUD_MESSAGES,
  CLOUD_PROVIDER_LABELS,
  CLOUD_PROVIDERS,
  type CloudProvider,
  type CloudStorageSettings,
  DOCUMENT_TYPES,
  type DocumentPolicy,
  type DocumentType,
  defaultCloudFolder,
  isPrimaryDocumentType,
  type StorageLocation,
} from '@hr/shared/cloud-storage/cloud-storage.schemas';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import type { Principal } from '../../http/app-env.ts';
import { AppError, errors } from '../../http/app-error.ts';
import { CloudApiError, type CloudDriveClient, type CloudTokens } from '../../integrations/cloud-drive.ts';
import { consumeOauthState, issueOauthState } from '../../integrations/oauth-state.ts';
import type { SecretBox } from '../../integrations/secret-box.ts';
import {
  findCloudSettings,
  findConfiguration,
  insertAudit,
  listConfigurations,
  listPolicies,
  saveConfigurationTokens,
  setCloudStorageEnabled,
  upsertPolicy,
} from './cloud-storage.repository.ts';

export interface CloudStorageDeps {
  db: Db;
  secretBox: SecretBox;
  drives: Record<CloudProvider, CloudDriveClient>;
  /** PUBLIC_URL + /auth/callback */
  redirectUri: string;
}

const tenant = (p: Principal) => ({ companyId: p.companyId, userId: p.user.id, role: p.role });

export async function getCloudStorageSettings(
  deps: CloudStorageDeps,
  principal: Principal,
): Promise<CloudStorageSettings> {
  return withTenant(deps.db, tenant(principal), async (tx) => {
    const settings = await findCloudSettings(tx, principal.companyId);
    if (!settings) throw errors.notFound();
    const configurations = await listConfigurations(tx, principal.companyId);
    const stored = new Map((await listPolicies(tx, principal.companyId)).map((p) => [p.documentType, p]));
    return {
      enabled: settings.enabled ?? false,
      folderStructure: settings.folderStructure ?? 'company/department/date',
      primaryProvider: settings.primaryProvider ?? 'supabase',
      providers: CLOUD_PROVIDERS.map((provider) => ({
        provider,
        label: CLOUD_PROVIDER_LABELS[provider],
        connected: configurations.some((c) => c.provider === provider && c.isActive),
      })),
      policies: DOCUMENT_TYPES.map((type) => policyOf(type, stored.get(type))),
    };
  });
}

function policyOf(
  documentType: DocumentType,
  stored: { storageLocation: StorageLocation; cloudFolderPath: string | null } | undefined,
): DocumentPolicy {
  const primary = isPrimaryDocumentType(documentType);
  return {
    documentType,
    category: primary ? 'primary' : 'secondary',
    // Primary types always stay in the main storage, whatever a row says.
    storageLocation: primary ? 'supabase' : (stored?.storageLocation ?? 'supabase'),
    cloudFolderPath: stored?.cloudFolderPath || defaultCloudFolder(documentType),
    editable: !primary,
  };
}

export async function setEnabled(
  deps: CloudStorageDeps,
  principal: Principal,
  enabled: boolean,
): Promise<void> {
  await withTenant(deps.db, tenant(principal), (tx) =>
    setCloudStorageEnabled(tx, principal.companyId, enabled),
  );
}

export async function updatePolicy(
  deps: CloudStorageDeps,
  principal: Principal,
  documentType: string,
  input: { storageLocation: StorageLocation; cloudFolderPath?: string | undefined },
): Promise<DocumentPolicy> {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType))
    throw errors.notFound('Unknown document type.');
  const type = documentType as DocumentType;
  if (isPrimaryDocumentType(type)) {
    throw errors.validation({ documentType: CLOUD_MESSAGES.primaryFixed }, CLOUD_MESSAGES.primaryFixed);
  }
  const row = {
    companyId: principal.companyId,
    documentType: type,
    storageLocation: input.storageLocation,
    cloudFolderPath: input.cloudFolderPath?.replace(/^\/+|\/+$/g, '') || defaultCloudFolder(type),
  };
  await withTenant(deps.db, tenant(principal), (tx) => upsertPolicy(tx, row));
  return policyOf(type, row);
}

/** The policy one upload follows (primary types and unknown rows fall back to the defaults). */
export async function policyFor(deps: CloudStorageDeps, principal: Principal, type: DocumentType) {
  return withTenant(deps.db, tenant(principal), async (tx) => {
    const stored = (await listPolicies(tx, principal.companyId)).find((p) => p.documentType === type);
    const settings = await findCloudSettings(tx, principal.companyId);
    const configurations = await listConfigurations(tx, principal.companyId);
    return { policy: policyOf(type, stored), settings, configurations };
  });
}

function driveOf(deps: CloudStorageDeps, provider: CloudProvider): CloudDriveClient {
  const drive = deps.drives[provider];
  if (!drive.configured) throw new AppError(503, 'CLOUD_NOT_CONFIGURED', CLOUD_MESSAGES.notConfigured);
  return drive;
}

export async function createCloudAuthUrl(
  deps: CloudStorageDeps,
  principal: Principal,
  provider: CloudProvider,
) {
  const drive = driveOf(deps, provider);
  const state = await withTenant(deps.db, tenant(principal), (tx) =>
    issueOauthState(tx, { companyId: principal.companyId, userId: principal.user.id }, provider),
  );
  return drive.authorizeUrl(state, deps.redirectUri);
}

async function audit(
  deps: CloudStorageDeps,
  principal: Principal,
  row: {
    operation: string;
    provider: CloudProvider;
    filePath?: string;
    fileName?: string;
    error?: string;
    metadata?: Record<string, unknown>;
  },
): Promise<void> {
  await withTenant(deps.db, tenant(principal), (tx) =>
    insertAudit(tx, {
      companyId: principal.companyId,
      operation: row.operation,
      provider: row.provider,
      filePath: row.filePath ?? null,
      fileName: row.fileName ?? null,
      operationStatus: row.error === undefined ? 'success' : 'failed',
      errorMessage: row.error ?? null,
      metadata: { userId: principal.user.id, ...row.metadata },
    }),
  );
}

/** The `authenticate` operation: the popup's code is exchanged here and the tokens stored sealed. */
export async function completeCloudOauth(
  deps: CloudStorageDeps,
  principal: Principal,
  input: { code: string; state: string },
): Promise<{ provider: CloudProvider; connected: true }> {
  const provider = await withTenant(deps.db, tenant(principal), (tx) =>
    consumeOauthState(tx, { companyId: principal.companyId, userId: principal.user.id }, input.state),
  );
  if (provider !== 'microsoft' && provider !== 'google') {
    throw new AppError(400, 'OAUTH_STATE_INVALID', CLOUD_MESSAGES.authFailed);
  }
  let tokens: CloudTokens;
  try {
    tokens = await driveOf(deps, provider).exchangeCode(input.code, deps.redirectUri);
  } catch (error) {
    if (!(error instanceof CloudApiError)) throw error;
    await audit(deps, principal, { operation: 'authenticate', provider, error: error.message });
    throw new AppError(400, 'CLOUD_AUTH_FAILED', CLOUD_MESSAGES.authFailed, { provider: error.providerCode });
  }
  await withTenant(deps.db, tenant(principal), (tx) =>
    saveConfigurationTokens(tx, principal.companyId, provider, deps.secretBox.seal(JSON.stringify(tokens))),
  );
  await audit(deps, principal, { operation: 'authenticate', provider });
  return { provider, connected: true };
}

/** Runs a provider call with the stored token; a 401 refreshes the token once and retries. */
async function withAccessToken<T>(
  deps: CloudStorageDeps,
  principal: Principal,
  provider: CloudProvider,
  fn: (accessToken: string) => Promise<T>,
): Promise<T> {
  const drive = driveOf(deps, provider);
  const config = await withTenant(deps.db, tenant(principal), (tx) =>
    findConfiguration(tx, principal.companyId, provider),
  );
  if (!config?.isActive || !config.encryptedTokens) {
    throw new AppError(409, 'CLOUD_NOT_CONNECTED', CLOUD_MESSAGES.notConnected);
  }
  const tokens = JSON.parse(deps.secretBox.open(config.encryptedTokens)) as CloudTokens;
  try {
    return await fn(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof CloudApiError) || error.status !== 401 || !tokens.refreshToken) throw error;
    const fresh = await drive.refresh(tokens.refreshToken);
    await withTenant(deps.db, tenant(principal), (tx) =>
      saveConfigurationTokens(tx, principal.companyId, provider, deps.secretBox.seal(JSON.stringify(fresh))),
    );
    return fn(fresh.accessToken);
  }
}

/** Every cloud operation leaves one audit row: success, or failed with the provider's message. */
async function audited<T>(
  deps: CloudStorageDeps,
  principal: Principal,
  entry: { operation: string; provider: CloudProvider; filePath: string; fileName?: string },
  fn: (accessToken: string) => Promise<T>,
): Promise<T> {
  try {
    const result = await withAccessToken(deps, principal, entry.provider, fn);
    await audit(deps, principal, entry);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await audit(deps, principal, { ...entry, error: message });
    if (error instanceof AppError) throw error;
    throw new AppError(503, 'CLOUD_OPERATION_FAILED', CLOUD_MESSAGES.uploadFailed, { provider: message });
  }
}

export function cloudUpload(
  deps: CloudStorageDeps,
  principal: Principal,
  provider: CloudProvider,
  input: { folderPath: string; fileName: string; data: Uint8Array; contentType: string },
): Promise<{ id: string }> {
  return audited(
    deps,
    principal,
    { operation: 'upload', provider, filePath: input.folderPath, fileName: input.fileName },
    (token) => driveOf(deps, provider).upload(token, input),
  );
}

export function cloudCreateFolder(
  deps: CloudStorageDeps,
  principal: Principal,
  provider: CloudProvider,
  folderPath: string,
): Promise<{ id: string }> {
  return audited(deps, principal, { operation: 'create_folder', provider, filePath: folderPath }, (token) =>
    driveOf(deps, provider).createFolder(token, folderPath),
  );
}
