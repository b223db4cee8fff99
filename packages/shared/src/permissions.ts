/** The role/section matrix (which roles reach which section) and the per-user access levels layered on it. */
import { ROLES, type Role } from './roles.ts';

export const SECTIONS = [
  'settings',
  'user-management',
  'company-settings',
  'employees',
  'financial-data',
  'customer-data',
  'slack-integration',
  'inventory',
  'orders',
  'procurement',
  'production',
  'hire-management',
] as const;
export type SectionId = (typeof SECTIONS)[number];

export const SECTION_DISPLAY_NAMES: Record<SectionId, string> = {
  settings: 'Settings',
  'user-management': 'User Management',
  'company-settings': 'Company Settings',
  employees: 'Employees',
  'financial-data': 'Financial Data',
  'customer-data': 'Customer Data',
  'slack-integration': 'Slack Integration',
  inventory: 'Inventory',
  orders: 'Orders',
  procurement: 'Procurement',
  production: 'Production',
  'hire-management': 'Hire Management',
};

export const ACCESS_LEVELS = ['no_access', 'view', 'admin', 'full'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = {
  no_access: 'No Access',
  view: 'View',
  admin: 'Admin',
  full: 'Full',
};

const SECTION_ROLES: Partial<Record<SectionId, readonly Role[]>> = {
  settings: ['developer', 'super_admin'],
  'user-management': ['developer', 'super_admin'],
  'company-settings': ['developer', 'super_admin'],
  employees: ['developer', 'super_admin'],
  'financial-data': ['developer', 'super_admin', 'admin'],
  'customer-data': ['developer', 'super_admin', 'admin'],
  'slack-integration': ['developer', 'super_admin', 'admin'],
};

/**
 * Whether a role may use a section at all. The developer can access everything, no role means
 * no access, and sections the matrix does not list are open to all four roles.
 */
export function canAccessSection(role: Role | null | undefined, section: string): boolean {
  if (!role || !ROLES.includes(role)) return false;
  if (role === 'developer') return true;
  const allowed = SECTION_ROLES[section as SectionId];
  return allowed ? allowed.includes(role) : true;
}

/**
 * The access level a user has on a section: the role gate first, then the per-user level set in
 * Settings. A section with no per-user row is fully open to a role the matrix lets in.
 */
export function effectiveAccessLevel(
  role: Role | null | undefined,
  section: string,
  userLevel: AccessLevel | undefined,
): AccessLevel {
  if (!canAccessSection(role, section)) return 'no_access';
  if (role === 'developer') return 'full';
  return userLevel ?? 'full';
}

const LEVEL_RANK: Record<AccessLevel, number> = { no_access: 0, view: 1, admin: 2, full: 3 };

/** True when `level` grants at least `needed` (View < Admin < Full). */
export function hasAccessLevel(level: AccessLevel, needed: AccessLevel): boolean {
  return LEVEL_RANK[level] >= LEVEL_RANK[needed];
}

/**
 * The sections a company cannot lose control of: at least one super_admin must hold both at Full,
 * or nobody in the company could give access back (ADR 0056).
 */
export const ADMINISTRATION_SECTIONS = [
  'settings',
  'user-management',
] as const satisfies readonly SectionId[];

/** Whether a user holds full administration: super_admin with Settings and User Management at Full. */
export function holdsFullAdministration(
  role: Role | null | undefined,
  userLevels: Partial<Record<string, AccessLevel>>,
): boolean {
  return (
    role === 'super_admin' &&
    ADMINISTRATION_SECTIONS.every((s) => effectiveAccessLevel(role, s, userLevels[s]) === 'full')
  );
}

/** Every section with the level the user has on it, as `/api/v1/me` reports them. */
export function sectionAccessMap(
  role: Role | null | undefined,
  userLevels: Partial<Record<string, AccessLevel>>,
): Record<SectionId, AccessLevel> {
  return Object.fromEntries(SECTIONS.map((s) => [s, effectiveAccessLevel(role, s, userLevels[s])])) as Record<
    SectionId,
    AccessLevel
  >;
}

/** Menu rules: which entries of the user menu each role sees. */
export const menuRules = {
  canSwitchCompany: (role: Role | null | undefined) => role === 'developer',
  canSeeSettings: (role: Role | null | undefined) => role === 'developer' || role === 'super_admin',
  canSeeCompanyDetails: (role: Role | null | undefined) => role === 'developer' || role === 'super_admin',
  canSeeHubspot: (role: Role | null | undefined) => role === 'super_admin',
};
