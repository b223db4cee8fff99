/** Cloud storage contracts: providers, document types and their storage policies, uploads. */
import { z } from 'zod';
import { CLOUD_FOLDER_STRUCTURES } from '../company/company-settings.ts';

export const CLOUD_PROVIDERS = ['microsoft', 'google'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];
export const CLOUD_PROVIDER_LABELS: Record<CloudProvider, string> = {
  microsoft: 'Microsoft OneDrive',
  google: 'Google Drive',
};

export const PRIMARY_DOCUMENT_TYPES = [
  'sop_documents',
  'bom_photos',
  'product_images',
  'component_images',
] as const;
export const SECONDARY_DOCUMENT_TYPES = [
  'invoices',
  'delivery_notes',
  'procurement_documents',
  'purchase_orders',
  'general_documents',
] as const;
export const DOCUMENT_TYPES = [...PRIMARY_DOCUMENT_TYPES, ...SECONDARY_DOCUMENT_TYPES] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const STORAGE_LOCATIONS = ['supabase', 'cloud_primary', 'both'] as const;
export type StorageLocation = (typeof STORAGE_LOCATIONS)[number];
/** `supabase` is the source product's name for our own storage; users see App storage. */
export const STORAGE_LOCATION_LABELS: Record<StorageLocation, string> = {
  supabase: 'App storage',
  cloud_primary: 'Cloud (primary provider)',
  both: 'Both',
};

export function isPrimaryDocumentType(type: string): boolean {
  return (PRIMARY_DOCUMENT_TYPES as readonly string[]).includes(type);
}

/** The default cloud folder of a document type's policy. */
export function defaultCloudFolder(type: DocumentType): string {
  return `${isPrimaryDocumentType(type) ? 'primary' : 'secondary'}/${type}`;
}

export function documentTypeLabel(type: string): string {
  const words = type.split('_').map((w) => (w === 'sop' || w === 'bom' ? w.toUpperCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const documentPolicySchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  category: z.enum(['primary', 'secondary']),
  storageLocation: z.enum(STORAGE_LOCATIONS),
  cloudFolderPath: z.string(),
  editable: z.boolean(),
});
export type DocumentPolicy = z.infer<typeof documentPolicySchema>;

export const cloudProviderStatusSchema = z.object({
  provider: z.enum(CLOUD_PROVIDERS),
  label: z.string(),
  connected: z.boolean(),
});
export type CloudProviderStatus = z.infer<typeof cloudProviderStatusSchema>;

/** GET /api/v1/cloud-storage, and the answer of every change to it. */
export const cloudStorageSettingsSchema = z.object({
  enabled: z.boolean(),
  folderStructure: z.string(),
  primaryProvider: z.string(),
  providers: z.array(cloudProviderStatusSchema),
  policies: z.array(documentPolicySchema),
});
export type CloudStorageSettings = z.infer<typeof cloudStorageSettingsSchema>;

export const setCloudStorageEnabledSchema = z.strictObject({ enabled: z.boolean() });

const folderPath = z
  .string()
  .trim()
  .max(300, 'Folder path is too long')
  .refine((p) => !p.split('/').includes('..'), 'Folder path cannot contain ..');

export const updatePolicySchema = z.strictObject({
  storageLocation: z.enum(STORAGE_LOCATIONS, 'Choose App storage, Cloud or Both'),
  cloudFolderPath: folderPath.optional(),
});

const fileName = z
  .string()
  .trim()
  .min(1, 'File name is required')
  .max(200, 'File name is too long')
  .refine((n) => !/[\\/]/.test(n), 'File name cannot contain slashes');
const base64 = z
  .string()
  .min(1, 'File data is required')
  .max(14_000_000, 'File is too large (10 MB at most)')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'File data must be base64');

export const cloudUploadSchema = z.strictObject({
  folderPath: folderPath,
  fileName,
  fileData: base64,
});
export const cloudCreateFolderSchema = z.strictObject({
  folderPath: folderPath.refine((p) => p.replace(/\//g, '').length > 0, 'Folder path is required'),
});

export const documentUploadSchema = z.strictObject({
  documentType: z.enum(DOCUMENT_TYPES, 'Unknown document type'),
  fileName,
  fileData: base64,
  contentType: z.string().max(200).default('application/octet-stream'),
  department: z.string().trim().max(100).optional(),
});
export type DocumentUploadRequest = z.input<typeof documentUploadSchema>;

/** `GET /api/v1/documents/file?key=`: a document of app storage, by the key its upload answered. */
export const documentFileQuerySchema = z.object({
  key: z
    .string({ error: 'Key is required' })
    .min(1, 'Key is required')
    .max(1024, 'Key can be at most 1024 characters'),
});

export const documentUploadResponseSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  storageLocation: z.enum(STORAGE_LOCATIONS),
  /** `key` is ours (a uuid and the name's extension); `fileName` is the name as uploaded. */
  app: z.object({ bucket: z.string(), key: z.string(), fileName: z.string() }).nullable(),
  cloud: z.object({ provider: z.enum(CLOUD_PROVIDERS), path: z.string(), id: z.string() }).nullable(),
});
export type DocumentUploadResponse = z.infer<typeof documentUploadResponseSchema>;

/** The consent page a cloud drive connection starts at. */
export const cloudAuthUrlResponseSchema = z.object({ authUrl: z.string() });
export const cloudOauthCompleteResponseSchema = z.object({
  provider: z.enum(CLOUD_PROVIDERS),
  connected: z.literal(true),
});
/** A folder or file created on a cloud drive: the drive's id of it. */
export const cloudItemResponseSchema = z.object({ id: z.string() });

export const CLOUD_MESSAGES = {
  loadFailed: 'Failed to load cloud storage settings',
  authFailed: 'Authentication failed',
  policyUpdateFailed: 'Failed to update storage policy',
  policyUpdated: 'Storage policy updated successfully',
  policyUpdatedTitle: 'Policy updated',
  enabled: 'Cloud storage enabled',
  disabled: 'Cloud storage disabled',
  primaryFixed: 'Primary document types are always kept in the main storage.',
  notConnected: 'This cloud provider is not connected.',
  noCloudProvider: 'No cloud provider is connected for this company.',
  notConfigured: 'This cloud provider is not configured on this server.',
  uploadFailed: 'The cloud upload failed.',
  appStorageUnavailable: 'App storage is not available on this server.',
} as const;

type FolderStructure = (typeof CLOUD_FOLDER_STRUCTURES)[number];

/** Cleans one path segment so a company or department name cannot add folders. */
function segment(value: string): string {
  return value.replace(/[\\/:*?"<>|]/g, '-').trim() || 'General';
}

/**
 * The cloud folder of an upload: the company's folder structure (company_settings), then the
 * document type's policy folder.
 */
export function cloudFolderFor(input: {
  structure: string;
  companyName: string;
  department: string | null | undefined;
  date: Date;
  policyFolder: string;
}): string {
  const day = input.date.toISOString().slice(0, 10);
  const department = segment(input.department ?? 'General');
  const company = segment(input.companyName);
  const prefix: Record<FolderStructure, string[]> = {
    'company/department/date': [company, department, day],
    'department/date': [department, day],
    'date/department': [day, department],
    flat: [],
  };
  const parts =
    prefix[
      (CLOUD_FOLDER_STRUCTURES as readonly string[]).includes(input.structure)
        ? (input.structure as FolderStructure)
        : 'flat'
    ];
  return [...parts, ...input.policyFolder.split('/').filter(Boolean)].join('/');
}

/** A JSON upload body: a 10 MB file as base64 plus its fields. */
export const UPLOAD_BODY_MAX_BYTES = 14_200_000;
