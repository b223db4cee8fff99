/** Client-side access checks (the server enforces the same rules again). */
import { canAccessSection, type SectionId } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import type { Me } from './session.ts';

export interface AccessRule {
  /** Roles allowed on the route; the developer is always allowed. */
  roles?: readonly Role[];
  /** Section whose permission the user needs (role matrix and per-user level). */
  section?: SectionId;
}

export function hasSectionAccess(me: Pick<Me, 'role' | 'permissions'>, section: SectionId): boolean {
  if (!canAccessSection(me.role, section)) return false;
  const level = me.permissions[section];
  return level !== undefined && level !== 'no_access';
}

export function canUse(me: Pick<Me, 'role' | 'permissions'> | null | undefined, rule: AccessRule): boolean {
  if (!me?.role) return false;
  if (rule.roles && me.role !== 'developer' && !rule.roles.includes(me.role)) return false;
  if (rule.section && !hasSectionAccess(me, rule.section)) return false;
  return true;
}
