/** Runs a request's queries in one transaction as the serving role, scoped to one company. */

import type { Role } from '@hr/shared/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

export interface TenantContext {
  companyId: string;
  userId: string | null;
  role: Role | null;
}

/**
 * Planner settings for one transaction, set in the same statement as the tenant (no extra round
 * trip). Only these names: the values come from code, never from a request.
 */
export interface TransactionSettings {
  /** 'off' for statements whose row estimates are far above what they read (ADR 0008). */
  jit?: 'on' | 'off';
  /**
   * 'off' (a cost penalty, not a ban) where the planner misjudges a range condition so badly that it
   * would read the whole table instead of an index (ADR 0008).
   */
  enable_seqscan?: 'on' | 'off';
}

/**
 * Role, company, user and role name are set in one statement (one round trip); SET LOCAL semantics
 * (`is_local = true`) end them with the transaction, so a pooled connection never leaks a tenant.
 */
export async function withTenant<T>(
  db: Db,
  ctx: TenantContext,
  fn: (tx: Tx) => Promise<T>,
  settings?: TransactionSettings,
): Promise<T> {
  return db.transaction(async (tx) => {
    await enterTenant(tx, ctx, settings);
    return fn(tx);
  });
}

/** Switches an already open transaction (e.g. one that wrote auth rows as owner) into a tenant. */
export async function enterTenant(tx: Tx, ctx: TenantContext, settings?: TransactionSettings): Promise<void> {
  const extra: SQL[] = Object.entries(settings ?? {}).map(
    ([name, value]) => sql`, set_config(${name}, ${value}, true)`,
  );
  await tx.execute(
    sql`select set_config('role', 'app_user', true), set_config('app.company_id', ${ctx.companyId}, true), set_config('app.user_id', ${ctx.userId ?? ''}, true), set_config('app.role', ${ctx.role ?? ''}, true)${sql.join(extra)}`,
  );
}
