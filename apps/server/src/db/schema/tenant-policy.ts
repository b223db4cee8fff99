/** The one RLS rule every tenant table shares: rows belong to the company of the transaction. */
import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The serving role: NOLOGIN NOBYPASSRLS, created by migration 0000. */
export const appUser = pgRole('app_user').existing();

export const currentCompanyId = sql`nullif(current_setting('app.company_id', true), '')::uuid`;
export const currentUserId = sql`nullif(current_setting('app.user_id', true), '')::uuid`;

export function tenantPolicy(table: string) {
  return pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appUser,
    using: sql`company_id = ${currentCompanyId}`,
    withCheck: sql`company_id = ${currentCompanyId}`,
  });
}
