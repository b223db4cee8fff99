import { sectionAccessMap } from '@hr/shared/permissions';
import type { Role } from '@hr/shared/roles';
import { describe, expect, it } from 'vitest';
import { canUse } from './access';

const user = (role: Role | null, levels: Parameters<typeof sectionAccessMap>[1] = {}) => ({
  role,
  permissions: sectionAccessMap(role, levels),
});

describe('canUse', () => {
  const employees = { roles: ['super_admin', 'developer'], section: 'employees' } as const;

  it('lets super admins and developers into employees', () => {
    expect(canUse(user('super_admin'), employees)).toBe(true);
    expect(canUse(user('developer'), employees)).toBe(true);
  });

  it('keeps operatives and admins out of employees', () => {
    expect(canUse(user('operative'), employees)).toBe(false);
    expect(canUse(user('admin'), employees)).toBe(false);
  });

  it('honours a per-user No Access level', () => {
    expect(canUse(user('super_admin', { employees: 'no_access' }), employees)).toBe(false);
    expect(canUse(user('super_admin', { employees: 'view' }), employees)).toBe(true);
  });

  it('denies a user without a role or without a session', () => {
    expect(canUse(user(null), {})).toBe(false);
    expect(canUse(null, {})).toBe(false);
  });
});
