/** Runs a request's queries in one transaction as the serving role, scoped to one company. */

import { ROLES, type Role } from '@hr/shared/roles';
import { sql } from 'drizzle-orm';
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
  /**
   * 'off' (a cost penalty, not a ban) for the employee search (ADR 0116): its filter is a term the
   * planner cannot judge, and walking the list's order index, stopping at the page, is never much
   * worse and usually far better than reading every match to sort them. Bitmap scans stay allowed:
   * they cannot give the order, and the capped count reads fastest so (ADR 0140).
   */
  enable_sort?: 'on' | 'off';
  /**
   * 'force_generic_plan' for statements whose generic plan is as good as a custom one, though the
   * planner's estimate says otherwise: PostgreSQL then plans them once per connection instead of on
   * every run (ADR 0045). The workshop board (ADR 0155's measurements in docs/performance.md).
   */
  plan_cache_mode?: 'auto' | 'force_generic_plan' | 'force_custom_plan';
}

const SETTING_NAMES = new Set(['jit', 'enable_seqscan', 'enable_sort', 'plan_cache_mode']);
const PLAN_CACHE_MODES = new Set(['auto', 'force_generic_plan', 'force_custom_plan']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value checked against its only possible shapes, so it can be written into the SQL as a literal. */
function literal(value: string | null, kind: 'uuid' | 'role' | 'on-off' | 'plan-mode'): string {
  if (value === null || value === '') return "''";
  const ok =
    kind === 'uuid'
      ? UUID.test(value)
      : kind === 'role'
        ? (ROLES as readonly string[]).includes(value)
        : kind === 'plan-mode'
          ? PLAN_CACHE_MODES.has(value)
          : value === 'on' || value === 'off';
  if (!ok) throw new Error(`withTenant: not a ${kind}: ${JSON.stringify(value)}`);
  return `'${value}'`;
}

/**
 * Role, company, user and role name (and any planner settings) are set in one statement; SET LOCAL
 * semantics (`is_local = true`) end them with the transaction, so a pooled connection never leaks a
 * tenant. The values are literals (checked uuids, role names, on/off) so that the PostgreSQL driver
 * sends this statement in the same round trip as the transaction's `begin` (db/coalesce-begin.ts,
 * ADR 0043).
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
  await tx.execute(sql.raw(tenantSetUp(ctx, settings)));
}

/**
 * The tenant set-up statement: role, company, user and role name (and any planner settings), each
 * `set_config(..., true)`, so they end with the transaction.
 */
/** How every tenant set-up statement begins (`coalesceBegin` recognises it by this). */
export const TENANT_SET_UP_START = "select set_config('role', 'app_user', true)";

export function tenantSetUp(ctx: TenantContext, settings?: TransactionSettings): string {
  const extra = Object.entries(settings ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      if (!SETTING_NAMES.has(name)) throw new Error(`withTenant: unknown setting ${name}`);
      const kind = name === 'plan_cache_mode' ? 'plan-mode' : 'on-off';
      return `, set_config('${name}', ${literal(value, kind)}, true)`;
    })
    .join('');
  return `${TENANT_SET_UP_START}, set_config('app.company_id', ${literal(ctx.companyId, 'uuid')}, true), set_config('app.user_id', ${literal(ctx.userId, 'uuid')}, true), set_config('app.role', ${literal(ctx.role, 'role')}, true)${extra}`;
}
