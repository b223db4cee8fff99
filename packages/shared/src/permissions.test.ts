import { describe, expect, it } from 'vitest';
import {
  canAccessSection,
  effectiveAccessLevel,
  hasAccessLevel,
  menuRules,
  SECTIONS,
  sectionAccessMap,
} from './permissions.ts';
import { ROLES, type Role } from './roles.ts';

// The role/section matrix, row by row: which roles reach each section.
const MATRIX: Record<string, Role[]> = {
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
  'some-unlisted-section': ['developer', 'super_admin', 'admin', 'operative'],
};

describe('canAccessSection', () => {
  for (const [section, allowed] of Object.entries(MATRIX)) {
    for (const role of ROLES) {
      it(`${role} ${allowed.includes(role) ? 'may' : 'may not'} use ${section}`, () => {
        expect(canAccessSection(role, section)).toBe(allowed.includes(role));
      });
    }
  }

  it('gives no access without a role', () => {
    for (const section of Object.keys(MATRIX)) {
      expect(canAccessSection(null, section)).toBe(false);
      expect(canAccessSection(undefined, section)).toBe(false);
    }
  });

  it('gives no access to an unknown role', () => {
    expect(canAccessSection('intern' as Role, 'inventory')).toBe(false);
  });

  it('covers every seeded section', () => {
    expect([...SECTIONS].sort()).toEqual(
      Object.keys(MATRIX)
        .filter((s) => s !== 'some-unlisted-section')
        .sort(),
    );
  });
});

describe('effectiveAccessLevel', () => {
  it.each([
    ['developer', 'settings', 'no_access', 'full'],
    ['super_admin', 'employees', undefined, 'full'],
    ['super_admin', 'employees', 'view', 'view'],
    ['admin', 'employees', 'full', 'no_access'],
    ['operative', 'inventory', 'admin', 'admin'],
    ['operative', 'inventory', 'no_access', 'no_access'],
    [null, 'inventory', 'full', 'no_access'],
  ] as const)('%s on %s with stored %s is %s', (role, section, stored, expected) => {
    expect(effectiveAccessLevel(role, section, stored)).toBe(expected);
  });

  it('orders the levels View < Admin < Full', () => {
    expect(hasAccessLevel('full', 'admin')).toBe(true);
    expect(hasAccessLevel('admin', 'view')).toBe(true);
    expect(hasAccessLevel('view', 'admin')).toBe(false);
    expect(hasAccessLevel('no_access', 'view')).toBe(false);
  });

  it('maps every section for /me', () => {
    const map = sectionAccessMap('admin', { inventory: 'view' });
    expect(map.inventory).toBe('view');
    expect(map.settings).toBe('no_access');
    expect(map['slack-integration']).toBe('full');
    expect(Object.keys(map)).toHaveLength(SECTIONS.length);
  });
});

describe('menu rules', () => {
  it.each([
    ['developer', true, true, false],
    ['super_admin', false, true, true],
    ['admin', false, false, false],
    ['operative', false, false, false],
  ] as const)('%s: switch company %s, settings %s, hubspot %s', (role, sw, settings, hubspot) => {
    expect(menuRules.canSwitchCompany(role)).toBe(sw);
    expect(menuRules.canSeeSettings(role)).toBe(settings);
    expect(menuRules.canSeeCompanyDetails(role)).toBe(settings);
    expect(menuRules.canSeeHubspot(role)).toBe(hubspot);
  });
});
