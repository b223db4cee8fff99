import { sectionAccessMap } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { describe, expect, it } from 'vitest';
import { deniedBy, settingsTabViewOnly, viewOnlyOn, visibleSettingsTabs } from './access';

const user = (role: Role | null, levels: Parameters<typeof sectionAccessMap>[1] = {}) => ({
  role,
  permissions: sectionAccessMap(role, levels),
});
const tabsOf = (me: ReturnType<typeof user>) => visibleSettingsTabs(me).map((t) => t.value);
const ALL = ['permissions', 'users', 'company', 'cloud-storage', 'slack-integration', 'audit'];

describe('visibleSettingsTabs', () => {
  it('shows every tab to super admins and developers with no restriction', () => {
    expect(tabsOf(user('super_admin'))).toEqual(ALL);
    expect(tabsOf(user('developer', { settings: 'no_access' }))).toEqual(ALL);
  });

  it('shows admins the Slack Integration tab alone, operatives nothing (role/section matrix)', () => {
    expect(tabsOf(user('admin'))).toEqual(['slack-integration']);
    expect(tabsOf(user('admin', { 'slack-integration': 'no_access' }))).toEqual([]);
    expect(tabsOf(user('operative'))).toEqual([]);
  });

  it('hides the tabs a Super Admin has No Access to, as the server refuses them', () => {
    expect(tabsOf(user('super_admin', { settings: 'no_access' }))).toEqual(['slack-integration']);
    expect(tabsOf(user('super_admin', { 'user-management': 'no_access' }))).toEqual([
      'company',
      'cloud-storage',
      'slack-integration',
      'audit',
    ]);
    expect(tabsOf(user('super_admin', { 'company-settings': 'no_access' }))).toEqual([
      'permissions',
      'users',
      'slack-integration',
      'audit',
    ]);
    expect(tabsOf(user('super_admin', { 'slack-integration': 'no_access', settings: 'view' }))).toEqual([
      ...ALL.slice(0, 4),
      'audit',
    ]);
  });
});

describe('deniedBy', () => {
  const company = { roles: ['super_admin', 'developer'], section: 'company-settings' } as const;

  it('tells a role refusal from an access-level one', () => {
    expect(deniedBy(user('admin'), company)).toBe('role');
    expect(deniedBy(user('super_admin', { 'company-settings': 'no_access' }), company)).toBe('section');
    expect(deniedBy(user('super_admin', { 'company-settings': 'view' }), company)).toBeNull();
    expect(deniedBy(null, company)).toBe('role');
  });
});

describe('view-only notices', () => {
  it('marks a tab view only below the level its saves need', () => {
    expect(settingsTabViewOnly(user('super_admin'), 'permissions')).toBe(false);
    // The audit trail saves nothing: never "view only".
    expect(settingsTabViewOnly(user('super_admin', { settings: 'view' }), 'audit')).toBe(false);
    expect(settingsTabViewOnly(user('super_admin', { 'user-management': 'admin' }), 'users')).toBe(true);
    expect(settingsTabViewOnly(user('super_admin', { 'company-settings': 'admin' }), 'company')).toBe(false);
    expect(settingsTabViewOnly(user('super_admin', { 'company-settings': 'view' }), 'cloud-storage')).toBe(
      true,
    );
    expect(settingsTabViewOnly(user('admin', { 'slack-integration': 'view' }), 'slack-integration')).toBe(
      true,
    );
    expect(
      viewOnlyOn(user('developer', { 'company-settings': 'view' }), 'company-settings', 'admin'),
    ).toBeNull();
  });
});
