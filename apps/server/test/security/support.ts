/**
 * Shared pieces of the security suite: the product routes read off the router, the gates each one
 * enforces, the ids of a company collected from every tenant table, and a row snapshot (count + hash
 * per table) that proves a request changed nothing.
 */
import { MESSAGES } from '@hr/shared/errors';
import { type AccessLevel, effectiveAccessLevel, hasAccessLevel } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/client.ts';
import { type AccessRule, accessRuleOf } from '../../src/http/session.ts';
import type { TestApp } from '../test-context.ts';

export const PASSWORD = 'DemoPassw0rd!2026';
export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ProductRoute {
  method: string;
  path: string;
}

type App = TestApp['app'];

/** Every `/api/v1` route (method + path) the router knows, middleware entries (`ALL`) left out. */
export function productRoutes(app: App): ProductRoute[] {
  const seen = new Map<string, ProductRoute>();
  for (const r of app.routes) {
    if (!r.path.startsWith('/api/v1/') || r.method === 'ALL') continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** The router's own path pattern as a regular expression (`:name` one segment, `*` anything). */
function patternRegex(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // `/x/*` also matches `/x` itself, as Hono does.
  return new RegExp(`^${escaped.replace(/\/\.\*$/, '(?:/.*)?')}$`);
}

/** The role and section gates that run for one route, in the order the router runs them. */
export function accessRulesFor(app: App, route: ProductRoute): AccessRule[] {
  const concrete = route.path.replace(/:[A-Za-z_]+/g, 'x');
  const rules: AccessRule[] = [];
  for (const r of app.routes) {
    if (r.method !== 'ALL' && r.method !== route.method) continue;
    if (!patternRegex(r.path).test(concrete)) continue;
    const rule = accessRuleOf(r.handler);
    if (rule) rules.push(rule);
  }
  return rules;
}

/** Whether one gate lets a role with these per-user levels through. */
export function passesRule(
  rule: AccessRule,
  role: Role,
  levels: Record<string, AccessLevel | undefined>,
): boolean {
  return rule.kind === 'role'
    ? role === 'developer' || rule.roles.includes(role)
    : hasAccessLevel(effectiveAccessLevel(role, rule.section, levels[rule.section]), rule.level);
}

/** The message the first gate that refuses answers with (the spec's Access Denied sentence unless it names its own). */
export function refusalMessage(
  rules: AccessRule[],
  role: Role,
  levels: Record<string, AccessLevel | undefined>,
): string | undefined {
  const refusing = rules.find((rule) => !passesRule(rule, role, levels));
  if (!refusing) return undefined;
  return (refusing.kind === 'role' ? refusing.message : undefined) ?? MESSAGES.accessDenied;
}

export const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);

/** The id columns of every table with a `company_id` column, plus each company's own row. */
export async function tenantTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`),
  );
  return rows.map((r) => r.table_name);
}

async function hasColumn(db: Db, table: string, column: string): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = ${column}`,
    ),
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Every id a company owns, per table (`id` column, else `user_id`, else `company_id`). */
export async function collectIds(db: Db, companyId: string): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>();
  for (const table of await tenantTables(db)) {
    // The read cache's change counts (ADR 0046): numbered rows, nothing a response could show.
    if (table === 'company_data_changes') continue;
    const column = (await hasColumn(db, table, 'id'))
      ? 'id'
      : (await hasColumn(db, table, 'user_id'))
        ? 'user_id'
        : 'company_id';
    const rows = rowsOf<{ v: string }>(
      await db.execute(
        sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where company_id = ${companyId} order by 1 limit 20`,
      ),
    );
    if (rows.length)
      ids.set(
        table,
        rows.map((r) => r.v),
      );
  }
  ids.set('companies', [companyId]);
  return ids;
}

/** Which table a path parameter most likely names, from the segment before it and its own name. */
const PARAM_TABLES: [RegExp, string[]][] = [
  [/employee/, ['employee_records']],
  [/holiday|request/, ['holiday_requests']],
  [/work-?order|job/, ['work_orders']],
  [/notification/, ['notifications']],
  [/user|profile|member/, ['profiles']],
  [/compan/, ['companies']],
  [/product|bom/, ['bom_products']],
  [/component|part/, ['component_database']],
  [/invitation/, ['invitations']],
];

/**
 * Values to try for one path parameter: the ids of the table the route names, or every id of the
 * company when the name says nothing (a new route is then still attacked with each one).
 */
export function candidateIds(path: string, param: string, ids: Map<string, string[]>): string[] {
  // Positions (a part slot of a job) rather than ids: the row is named by the other parameter.
  if (/^(index|slot|position)$/i.test(param)) return ['0', '1'];
  const before = path.split(`:${param}`)[0]?.split('/').filter(Boolean).pop() ?? '';
  const hint = `${before} ${param}`.toLowerCase();
  for (const [re, tables] of PARAM_TABLES) {
    if (!re.test(hint)) continue;
    const found = tables.flatMap((t) => ids.get(t) ?? []);
    if (found.length) return found.slice(0, 3);
  }
  return [...new Set([...ids.values()].flatMap((v) => v.slice(0, 2)))];
}

/** Concrete URLs for a route: each parameter replaced by each candidate (others by the first one). */
export function concreteUrls(route: ProductRoute, ids: Map<string, string[]>): string[] {
  const params = paramNames(route.path);
  if (!params.length) return [route.path];
  const urls = new Set<string>();
  for (const param of params) {
    for (const value of candidateIds(route.path, param, ids)) {
      let url = route.path;
      for (const other of params) {
        const v = other === param ? value : (candidateIds(route.path, other, ids)[0] ?? value);
        url = url.replace(`:${other}`, v);
      }
      urls.add(url);
    }
  }
  return [...urls];
}

export interface Snapshot {
  [table: string]: { count: number; hash: string };
}

/** Count and hash of a company's rows in every tenant table, plus its users' login rows. */
export async function snapshotCompany(db: Db, companyId: string): Promise<Snapshot> {
  const out: Snapshot = {};
  const tables = [...(await tenantTables(db)), 'companies'];
  for (const table of tables) {
    const where = table === 'companies' ? sql`t.id = ${companyId}` : sql`t.company_id = ${companyId}`;
    const [row] = rowsOf<{ count: number; hash: string | null }>(
      await db.execute(
        sql`select count(*)::int as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(table)} t where ${where}`,
      ),
    );
    out[table] = { count: row?.count ?? 0, hash: row?.hash ?? '' };
  }
  for (const table of ['auth_users', 'auth_accounts', 'user_roles']) {
    const key = table === 'auth_users' ? 'id' : 'user_id';
    const [row] = rowsOf<{ count: number; hash: string | null }>(
      await db.execute(
        sql`select count(*)::int as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(table)} t where ${sql.identifier(key)} in (select id from profiles where company_id = ${companyId})`,
      ),
    );
    out[table] = { count: row?.count ?? 0, hash: row?.hash ?? '' };
  }
  return out;
}

export async function companyIdByName(db: Db, prefix: string): Promise<string> {
  const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from companies`));
  const id = rows.find((r) => r.name.startsWith(prefix))?.id;
  if (!id) throw new Error(`no company named ${prefix}…`);
  return id;
}

/** The body text of a response, without waiting on a stream (SSE) that never ends. */
export async function bodyText(res: Response): Promise<string> {
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await res.body?.cancel();
    return '';
  }
  return res.text();
}

/** Asserts the shape every API error uses: `{ error: { code, message, fields? } }`. */
export function expectErrorShape(text: string, context: string) {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${context}: error body is not JSON: ${text.slice(0, 200)}`);
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
  expect(typeof error?.code, `${context}: error.code in ${text.slice(0, 200)}`).toBe('string');
  expect(typeof error?.message, `${context}: error.message in ${text.slice(0, 200)}`).toBe('string');
}

/** Prints, never silently, that a part of the suite had nothing to run against yet. */
export function note(message: string) {
  console.log(`[security] note: ${message}`);
}

/**
 * A crash: a 500, or any 5xx that is not a deliberate, shaped answer (e.g. 503 "Slack is not
 * configured on this server." is a real answer about the server, not a failure of the request).
 */
export function isCrash(status: number, text: string): boolean {
  if (status < 500) return false;
  if (status === 500) return true;
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code !== 'string' || code === 'INTERNAL_ERROR';
  } catch {
    return true;
  }
}
