import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendInvitationDialog } from './send-invitation-dialog';

const RECORD = '00000000-0000-4000-8000-000000000001';

function renderDialog(canListEmployees: boolean) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      const answer = url.startsWith('/api/v1/employees')
        ? {
            items: [
              { id: RECORD, fullName: 'Nora North', email: 'nora@northwind.example', userId: null },
              { id: 'x', fullName: 'Linked', email: 'l@northwind.example', userId: 'someone' },
            ],
            total: 2,
            page: 1,
            pageSize: 200,
          }
        : {
            message: `Invitation sent to ${body?.email}`,
            invitation: { id: RECORD, email: body?.email, expiresAt: '' },
          };
      return new Response(JSON.stringify(answer), {
        status: url.startsWith('/api/v1/employees') ? 200 : 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SendInvitationDialog canListEmployees={canListEmployees} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('SendInvitationDialog', () => {
  it('refuses a bad address before sending, then sends email and role', async () => {
    const calls = renderDialog(false);
    const dialog = await screen.findByRole('dialog', { name: 'Send invitation' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.queryByLabelText('Employee record (optional)')).toBeNull();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ivy@northwind.example' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        url: '/api/v1/settings/invitations',
        method: 'POST',
        body: { email: 'ivy@northwind.example', role: 'admin', employeeRecordId: null },
      }),
    );
  });

  it('offers the unlinked employee records and fills the address from the one chosen', async () => {
    const calls = renderDialog(true);
    const select = (await screen.findByLabelText('Employee record (optional)')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    expect(select.options[1]?.textContent).toBe('Nora North (nora@northwind.example)');
    fireEvent.change(select, { target: { value: RECORD } });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nora@northwind.example');
    const dialog = screen.getByRole('dialog', { name: 'Send invitation' });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLButtonElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        email: 'nora@northwind.example',
        role: 'operative',
        employeeRecordId: RECORD,
      }),
    );
  });
});
