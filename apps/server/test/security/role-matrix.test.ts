/**
 * Role matrix: every product route, called by each of the four roles and, where the route gates on a
 * section, with each per-user access level, answers as the role/section matrix says. The expectation is
 * derived from the shared permission function, and the function itself is checked against a
 * hand-written copy of the spec's table.
 */

import {
  ACCESS_LEVELS,
  type AccessLevel,
  canAccessSection,
  effectiveAccessLevel,
  hasAccessLevel,
  menuRules,
  SECTIONS,
} from '@hr/shared/permissions';
import { ROLES, type Role } from '@hr/shared/roles';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import type { AccessRule } from '../../src/http/session.ts';
import { httpClient, json, useTestApp } from '../test-context.ts';
import {
  accessRulesFor,
  bodyText,
  companyIdByName,
  expectErrorShape,
  isCrash,
  note,
  type ProductRoute,
  productRoutes,
  refusalMessage,
  WRITE_METHODS,
} from './support.ts';

/** The role/section matrix, copied by hand: section -> roles that may use it. */
const SPEC_TABLE: Record<string, readonly Role[]> = {
  settings: ['developer', 'super_admin'],
  'user-management': ['developer', 'super_admin'],
  'company-settings': ['developer', 'super_admin'],
  employees: ['developer', 'super_admin'],
  'financial-data': ['developer', 'super_admin', 'admin'],
  'customer-data': ['developer', 'super_admin', 'admin'],
  'slack-integration': ['developer', 'super_admin', 'admin'],
  inventory: ['developer', 'super_admin', 'admin', 'operative'],
  orders: ['developer', 'super_admin', 'admin', 'operative'],
  procurement: ['developer', 'super_admin', 'admin', 'operative'],
  production: ['developer', 'super_admin', 'admin', 'operative'],
  'hire-management': ['developer', 'super_admin', 'admin', 'operative'],
  // "unlisted sections: all four"
  'some-unlisted-section': ['developer', 'super_admin', 'admin', 'operative'],
};

/**
 * Routes whose gate the spec names outright (checked where the route exists): Employee Management is
 * super_admin and developer plus the employees section; View reads, Admin edits, Full creates/deletes.
 */
const SPEC_ROUTE_RULES: [string, string, readonly Role[], Record<string, AccessLevel>][] = [
  [
    '/api/v1/employees',
    'employees',
    ['super_admin', 'developer'],
    { GET: 'view', PUT: 'admin', POST: 'full', DELETE: 'full' },
  ],
];

/**
 * Routes whose method does not say what they do to the record: an opening balance or adjustment of an
 * employee's leave ledger is an edit of that employee (Admin, issue 18), though it is a POST.
 */
const SPEC_ROUTE_LEVEL_EXCEPTIONS: Record<string, AccessLevel> = {
  'POST /api/v1/employees/:id/ledger': 'admin',
};

/**
 * Role/section matrix rules that services enforce themselves (no router gate to read): path prefix ->
 * the only roles that may call it. Checked where the route exists.
 */
const SPEC_SERVICE_GATES: [RegExp, readonly Role[]][] = [
  // "Settings and Company Details menu items are visible to developer and super_admin."
  [/^\/api\/v1\/company(\/|$)/, ['developer', 'super_admin']],
  // "Switch Company is visible only to developer."
  [/^\/api\/v1\/companies(\/|$)/, ['developer']],
];

function serviceGateFor(route: ProductRoute): readonly Role[] | undefined {
  return SPEC_SERVICE_GATES.find(([re]) => re.test(route.path))?.[1];
}

describe('the shared permission function against the spec table', () => {
  it('grants each section to exactly the roles the spec lists', () => {
    expect(Object.keys(SPEC_TABLE).filter((s) => s !== 'some-unlisted-section')).toEqual([...SECTIONS]);
    for (const [section, roles] of Object.entries(SPEC_TABLE)) {
      for (const role of ROLES) {
        expect({ section, role, allowed: canAccessSection(role, section) }).toEqual({
          section,
          role,
          allowed: roles.includes(role),
        });
      }
      expect(canAccessSection(null, section)).toBe(false);
      expect(canAccessSection(undefined, section)).toBe(false);
    }
  });

  it('layers the per-user levels on the role gate, the developer always full', () => {
    for (const section of Object.keys(SPEC_TABLE)) {
      for (const role of ROLES) {
        for (const level of [undefined, ...ACCESS_LEVELS]) {
          const expected: AccessLevel = !SPEC_TABLE[section]?.includes(role)
            ? 'no_access'
            : role === 'developer'
              ? 'full'
              : (level ?? 'full');
          expect(effectiveAccessLevel(role, section, level)).toBe(expected);
        }
      }
    }
    expect(hasAccessLevel('view', 'admin')).toBe(false);
    expect(hasAccessLevel('full', 'admin')).toBe(true);
    expect(hasAccessLevel('admin', 'view')).toBe(true);
    expect(hasAccessLevel('no_access', 'view')).toBe(false);
  });

  it('follows the menu rules', () => {
    expect(ROLES.filter(menuRules.canSwitchCompany)).toEqual(['developer']);
    expect(ROLES.filter(menuRules.canSeeSettings)).toEqual(['developer', 'super_admin']);
    expect(ROLES.filter(menuRules.canSeeCompanyDetails)).toEqual(['developer', 'super_admin']);
    expect(ROLES.filter(menuRules.canSeeHubspot)).toEqual(['super_admin']);
  });
});

const testApp = useTestApp();
const USERS: Record<Role, string> = {
  developer: 'dev@northwind.example',
  super_admin: 'owner@northwind.example',
  admin: 'admin@northwind.example',
  operative: 'alice@northwind.example',
};
const NOWHERE = '00000000-0000-4000-8000-000000000000';

let northwind: string;
const userIds = new Map<Role, string>();

beforeAll(async () => {
  const db = testApp.app.admin;
  northwind = await companyIdByName(db, 'Northwind');
  for (const [role, email] of Object.entries(USERS) as [Role, string][]) {
    const [row] = rowsOf<{ id: string; role: string }>(
      await db.execute(
        sql`select u.id, r.role from auth_users u join user_roles r on r.user_id = u.id where u.email = ${email}`,
      ),
    );
    expect(row?.role).toBe(role);
    userIds.set(role, row?.id as string);
  }
});

async function setLevel(userId: string, section: string, level: AccessLevel | undefined) {
  const db = testApp.app.admin;
  await db.execute(
    sql`delete from user_permissions where user_id = ${userId} and section_id = ${section} and company_id = ${northwind}`,
  );
  if (level) {
    await db.execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level) values (${northwind}, ${userId}, ${section}, ${level})`,
    );
  }
}

/** Whether the gates let a role with these per-user levels through. */
function allowedBy(rules: AccessRule[], role: Role, levels: Record<string, AccessLevel | undefined>) {
  return rules.every((rule) =>
    rule.kind === 'role'
      ? role === 'developer' || rule.roles.includes(role)
      : hasAccessLevel(effectiveAccessLevel(role, rule.section, levels[rule.section]), rule.level),
  );
}

/** A request that passes every gate it is allowed through and then changes nothing. */
function safeCall(route: ProductRoute) {
  const url = route.path.replace(/:[A-Za-z_]+/g, NOWHERE);
  return { url, body: WRITE_METHODS.has(route.method) ? { '': 'nothing valid' } : undefined };
}

describe('role matrix over every product route', () => {
  it('answers each role and access level as the role/section matrix says', async () => {
    const { app } = testApp.app;
    const routes = productRoutes(app);
    const clients = new Map<Role, ReturnType<typeof httpClient>>();
    for (const role of ROLES) {
      const client = httpClient(app);
      await client.signIn(USERS[role]);
      clients.set(role, client);
    }

    const checked: string[] = [];
    const ungated: string[] = [];
    const mismatches: string[] = [];
    for (const route of routes) {
      const rules = accessRulesFor(app, route);
      const sections = [...new Set(rules.flatMap((r) => (r.kind === 'section' ? [r.section] : [])))];
      if (!rules.length) ungated.push(`${route.method} ${route.path}`);
      for (const [prefix, section, roles, levels] of SPEC_ROUTE_RULES) {
        if (!route.path.startsWith(prefix)) continue;
        const sectionRule = rules.find((r) => r.kind === 'section' && r.section === section);
        expect(sectionRule, `${route.method} ${route.path} must gate on ${section}`).toEqual({
          kind: 'section',
          section,
          level: SPEC_ROUTE_LEVEL_EXCEPTIONS[`${route.method} ${route.path}`] ?? levels[route.method],
        });
        const roleRule = rules.find((r) => r.kind === 'role');
        expect(roleRule && [...roleRule.roles].sort(), `${route.method} ${route.path} roles`).toEqual(
          [...roles].sort(),
        );
      }
      // No per-user row, then each level on every section the route gates on.
      const levelCases: (AccessLevel | undefined)[] = sections.length
        ? [undefined, ...ACCESS_LEVELS]
        : [undefined];
      for (const role of ROLES) {
        const userId = userIds.get(role) as string;
        for (const level of levelCases) {
          for (const section of sections) await setLevel(userId, section, level);
          const levels = Object.fromEntries(sections.map((s) => [s, level]));
          const allowed = allowedBy(rules, role, levels);
          const { url, body } = safeCall(route);
          const res = await (clients.get(role) as ReturnType<typeof httpClient>).call(
            route.method,
            url,
            body,
          );
          const text = await bodyText(res);
          const label = `${route.method} ${route.path} as ${role} with ${level ?? 'no row'}`;
          const serviceRoles = serviceGateFor(route);
          const expected = allowed && (!serviceRoles || serviceRoles.includes(role));
          if (isCrash(res.status, text)) mismatches.push(`${label} crashed: ${text.slice(0, 200)}`);
          else if (expected && (res.status === 403 || res.status === 401)) {
            mismatches.push(`${label} should pass: ${res.status} ${text.slice(0, 200)}`);
          } else if (!expected) {
            if (res.status !== 403)
              mismatches.push(`${label} should be refused: ${res.status} ${text.slice(0, 200)}`);
            else {
              expectErrorShape(text, label);
              // A router gate answers the spec's message; a gate the spec names in its own words may say more.
              if (!allowed)
                expect(JSON.parse(text).error.message, label).toBe(refusalMessage(rules, role, levels));
            }
          }
          checked.push(label);
        }
        for (const section of sections) await setLevel(userId, section, undefined);
      }
    }
    note(`routes without a role or section gate on the router: ${ungated.join(', ')}`);
    expect(mismatches).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(routes.length * ROLES.length);
  });

  it('reports the same levels in /api/v1/me as the shared function computes', async () => {
    const { app } = testApp.app;
    for (const role of ROLES) {
      const userId = userIds.get(role) as string;
      await setLevel(userId, 'production', 'view');
      const client = httpClient(app);
      await client.signIn(USERS[role]);
      const me = await json(await client.get('/api/v1/me'));
      const access = me.permissions;
      expect(access, `no section map in /me: ${JSON.stringify(me).slice(0, 300)}`).toBeTruthy();
      for (const section of SECTIONS) {
        expect({ role, section, level: access[section] }).toEqual({
          role,
          section,
          level: effectiveAccessLevel(role, section, section === 'production' ? 'view' : undefined),
        });
      }
      await setLevel(userId, 'production', undefined);
    }
  });
});
