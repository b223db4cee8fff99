import type { PermissionsResponse } from '@hr/shared/settings/settings.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionsQueryKey } from '../api/get-permissions';
import { PermissionsTab } from './permissions-tab';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const OWNER = '00000000-0000-4000-8000-00000000000b';

function renderTab(data: PermissionsResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(permissionsQueryKey, data);
  return render(
    <QueryClientProvider client={client}>
      <PermissionsTab />
    </QueryClientProvider>,
  );
}

describe('PermissionsTab', () => {
  it('shows what the role blocks as "No Access (role)" with no select, and the rest editable', () => {
    renderTab({
      sections: [
        { id: 'settings', displayName: 'Settings' },
        { id: 'orders', displayName: 'Orders' },
      ],
      // A stored Full on Settings that the operative role makes worthless.
      permissions: [{ userId: ALICE, sectionId: 'settings', accessLevel: 'full' }],
      users: [
        {
          id: ALICE,
          fullName: 'Alice',
          email: 'alice@northwind.example',
          role: 'operative',
          editable: true,
          effective: { settings: 'no_access', orders: 'full' },
          roleBlocked: ['settings'],
        },
        {
          id: OWNER,
          fullName: 'Owner',
          email: 'owner@northwind.example',
          role: 'super_admin',
          editable: true,
          effective: { settings: 'full', orders: 'full' },
          roleBlocked: [],
        },
      ],
    });
    const blocked = screen.getByTestId(`access-${ALICE}-settings`);
    expect(blocked.textContent).toBe('No Access (role)');
    expect(within(blocked).queryByRole('combobox')).toBeNull();
    expect(screen.queryByLabelText('Settings access for Alice')).toBeNull();
    expect((screen.getByLabelText('Orders access for Alice') as HTMLSelectElement).value).toBe('full');
    expect((screen.getByLabelText('Settings access for Owner') as HTMLSelectElement).value).toBe('full');
  });

  it('shows a developer row read-only', () => {
    renderTab({
      sections: [{ id: 'settings', displayName: 'Settings' }],
      permissions: [],
      users: [
        {
          id: ALICE,
          fullName: 'Dev',
          email: 'dev@northwind.example',
          role: 'developer',
          editable: false,
          effective: { settings: 'full' },
          roleBlocked: [],
        },
      ],
    });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId(`access-${ALICE}-settings`).textContent).toBe('Full (role)');
  });
});
