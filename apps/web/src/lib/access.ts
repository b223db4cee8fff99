/** Client-side access checks (the server enforces the same rules again). */
import { type AccessLevel, canAccessSection, hasAccessLevel, type SectionId } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import type { Me } from './session.ts';

export interface AccessRule {
  /** Roles allowed on the route; the developer is always allowed. */
  roles?: readonly Role[];
  /** Section whose permission the user needs (role matrix and per-user level). */
  section?: SectionId;
}

type Principal = Pick<Me, 'role' | 'permissions'>;

export function hasSectionAccess(me: Principal, section: SectionId): boolean {
  if (!canAccessSection(me.role, section)) return false;
  const level = me.permissions[section];
  return level !== undefined && level !== 'no_access';
}

/** Why a rule keeps a user out: their role, their section level, or nothing (null: they may use it). */
export function deniedBy(me: Principal | null | undefined, rule: AccessRule): 'role' | 'section' | null {
  if (!me?.role) return 'role';
  if (rule.roles && me.role !== 'developer' && !rule.roles.includes(me.role)) return 'role';
  if (rule.section && !hasSectionAccess(me, rule.section)) return 'section';
  return null;
}

export function canUse(me: Principal | null | undefined, rule: AccessRule): boolean {
  return deniedBy(me, rule) === null;
}

/** The Settings tabs and what each needs, as the server's routes check it (ADR 0057). */
export const SETTINGS_TABS = [
  {
    value: 'permissions',
    label: 'User Permissions',
    roles: ['super_admin'],
    sections: ['settings', 'user-management'],
  },
  {
    value: 'users',
    label: 'User Management',
    roles: ['super_admin'],
    sections: ['settings', 'user-management'],
  },
  {
    value: 'company',
    label: 'Company Settings',
    roles: ['super_admin'],
    sections: ['settings', 'company-settings'],
  },
  {
    value: 'cloud-storage',
    label: 'Cloud Storage',
    roles: ['super_admin'],
    sections: ['settings', 'company-settings'],
  },
  // Visible to developer, super_admin and admin (role/section matrix): the section's role gate decides.
  {
    value: 'slack-integration',
    label: 'Slack Integration',
    roles: undefined,
    sections: ['slack-integration'],
  },
  // Read-only (ADR 0102): super admins with Settings at View.
  {
    value: 'audit',
    label: 'Audit Trail',
    roles: ['super_admin'],
    sections: ['settings'],
  },
] as const satisfies readonly {
  value: string;
  label: string;
  roles: readonly Role[] | undefined;
  sections: readonly SectionId[];
}[];
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The Settings tabs this user may open, in the spec's order. */
export function visibleSettingsTabs(me: Principal | null | undefined): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) =>
    tab.sections.every((section) => canUse(me, { roles: tab.roles, section })),
  );
}

/** The section and level a Settings tab's changes need on the server (ADR 0057). */
const SETTINGS_TAB_WRITE: Record<SettingsTab['value'], [SectionId, AccessLevel]> = {
  permissions: ['user-management', 'full'],
  users: ['user-management', 'full'],
  company: ['company-settings', 'admin'],
  'cloud-storage': ['company-settings', 'admin'],
  'slack-integration': ['slack-integration', 'admin'],
  // Nothing on it is saved: never "view only".
  audit: ['settings', 'view'],
};

/**
 * When the user may open a screen but not save on it: the section's display name and their level,
 * for a "view only" notice (the server refuses the save with 403 anyway). Null when they may save.
 */
export function viewOnlyOn(
  me: Principal | null | undefined,
  section: SectionId,
  needed: AccessLevel,
): AccessLevel | null {
  const level = me?.permissions[section] ?? 'no_access';
  return hasAccessLevel(level, needed) ? null : level;
}

export function settingsTabViewOnly(me: Principal | null | undefined, tab: SettingsTab['value']): boolean {
  const [section, needed] = SETTINGS_TAB_WRITE[tab];
  return viewOnlyOn(me, section, needed) !== null;
}
