/** Integration tables: cloud storage, document policies and their audit, Slack user mappings. */
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { companies } from './core.ts';
import { tenantPolicy } from './tenant-policy.ts';

export const cloudStorageConfigurations = pgTable(
  'cloud_storage_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['microsoft', 'google'] }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** AES-256-GCM ciphertext of the provider tokens; never sent to the browser. */
    encryptedTokens: text('encrypted_tokens'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cloud_storage_configurations_company_provider_key').on(t.companyId, t.provider),
    tenantPolicy('cloud_storage_configurations'),
  ],
);

export const documentStoragePolicies = pgTable(
  'document_storage_policies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    storageLocation: text('storage_location', { enum: ['supabase', 'cloud_primary', 'both'] })
      .notNull()
      .default('supabase'),
    cloudFolderPath: text('cloud_folder_path'),
  },
  (t) => [
    uniqueIndex('document_storage_policies_company_type_key').on(t.companyId, t.documentType),
    tenantPolicy('document_storage_policies'),
  ],
);

export const cloudStorageAudit = pgTable(
  'cloud_storage_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    provider: text('provider').notNull(),
    filePath: text('file_path'),
    fileName: text('file_name'),
    operationStatus: text('operation_status', { enum: ['success', 'failed'] }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cloud_storage_audit_company_idx').on(t.companyId, t.createdAt),
    tenantPolicy('cloud_storage_audit'),
  ],
);

export const slackUserMappings = pgTable(
  'slack_user_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    slackUsername: text('slack_username'),
    isOauthConnected: boolean('is_oauth_connected').notNull().default(false),
    teamName: text('team_name'),
    /** AES-256-GCM ciphertext of the Slack user token; never sent to the browser. */
    encryptedAccessToken: text('encrypted_access_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('slack_user_mappings_user_key').on(t.userId), tenantPolicy('slack_user_mappings')],
);
