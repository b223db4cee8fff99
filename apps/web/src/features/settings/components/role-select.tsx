import { ASSIGNABLE_ROLES, type AssignableRole, type Role, roleLabel } from '@hr/shared/roles';
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';

type RoleSelectProps = Omit<ComponentProps<typeof NativeSelect>, 'value' | 'onChange' | 'children'> & {
  /** The current role (a developer's role shows as the select's value but is never offered). */
  value: Role;
  onChange: (role: AssignableRole) => void;
};

/** The roles a super admin may give, by their labels: creating a user, an invitation, a user's row. */
export function RoleSelect({ value, onChange, ...props }: RoleSelectProps) {
  return (
    <NativeSelect {...props} value={value} onChange={(e) => onChange(e.target.value as AssignableRole)}>
      {ASSIGNABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </NativeSelect>
  );
}
