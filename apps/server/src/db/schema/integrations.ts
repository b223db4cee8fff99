/** Integration tables: cloud storage, document policies and their audit, Slack user mappings, OAuth states, cross-app codes. */
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
    /** Slack's id of the connected account (U…): whom the approval DMs go to, and who clicked (ADR 0100). */
    slackUserId: text('slack_user_id'),
    isOauthConnected: boolean('is_oauth_connected').notNull().default(false),
    teamName: text('team_name'),
    /** AES-256-GCM ciphertext of the Slack user token; never sent to the browser. */
    encryptedAccessToken: text('encrypted_access_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('slack_user_mappings_user_key').on(t.userId),
    // A click from Slack names the Slack user: found by company and Slack id (ADR 0100).
    index('slack_user_mappings_slack_user_idx').on(t.companyId, t.slackUserId),
    tenantPolicy('slack_user_mappings'),
  ],
);

/**
 * One pending OAuth sign-in (Slack, Microsoft or Google): bound to the user who asked for it,
 * single-use, short-lived. Only the SHA-256 of the state value is stored.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['slack', 'microsoft', 'google'] }).notNull(),
    stateHash: text('state_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_states_state_hash_key').on(t.stateHash), tenantPolicy('oauth_states')],
);

/**
 * One-time codes handed to the sister CRM/HR apps instead of tokens in the URL. Redeemed
 * server-to-server without a session, so this is a server-only table (no grant to app_user), like
 * the security tables. Only the SHA-256 of the code is stored.
 */
export const crossAppCodes = pgTable(
  'cross_app_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    target: text('target', { enum: ['crm', 'hr'] }).notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cross_app_codes_code_hash_key').on(t.codeHash)],
);
