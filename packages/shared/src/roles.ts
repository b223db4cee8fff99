/** Roles a user can hold, and how the product names them. */
export const ROLES = ['developer', 'super_admin', 'admin', 'operative'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that can be created or assigned from Settings (never Developer, ADR 0047). */
export const ASSIGNABLE_ROLES = ['operative', 'admin', 'super_admin'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export function roleLabel(role: Role | null | undefined): string {
  switch (role) {
    case 'developer':
      return 'Developer';
    case 'super_admin':
      return 'Super Admin';
    case 'admin':
      return 'Admin';
    default:
      return 'Operative';
  }
}
