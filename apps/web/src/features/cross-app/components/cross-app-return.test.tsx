import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { type Me, meQueryKey } from '@/lib/session';
import { crossAppTargetsQueryOptions } from '../api/get-cross-app-targets';
import { encodeReturnContext } from '../lib/return-context';
import { CrossAppReturn } from './cross-app-return';

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, { company: { id: 'c' } } as unknown as Me);
  // What the server is configured with (CRM_APP_URL=https://crm.example/...).
  client.setQueryData(crossAppTargetsQueryOptions.queryKey, {
    targets: [{ target: 'crm', label: 'CRM', origin: 'https://crm.example' }],
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <CrossAppReturn />
        <Search />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('CrossAppReturn', () => {
  // Sonner keeps its toasts in a module-level store: one test's toast must not show in the next.
  afterEach(() => {
    toast.dismiss();
  });

  it('says where the user came back from, offers Go Back and clears the parameter', async () => {
    const raw = encodeReturnContext({ source: 'CRM', returnUrl: 'https://crm.example/deals' });
    renderAt(`/employees?crossApp=${raw}&tab=2`);
    expect(await screen.findByText('Returned from CRM app')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByLabelText('search').textContent).toBe('?tab=2');
  });

  it('names no app and offers no link the server has not configured', async () => {
    const raw = encodeReturnContext({ source: 'Your Bank', returnUrl: 'https://evil.example/login' });
    renderAt(`/?crossApp=${raw}`);
    expect(await screen.findByText('Failed to authenticate from source app')).toBeTruthy();
    expect(screen.queryByText(/Your Bank/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
  });

  it('refuses a configured name with a return URL elsewhere', async () => {
    const raw = encodeReturnContext({ source: 'CRM', returnUrl: 'https://evil.example/login' });
    renderAt(`/?crossApp=${raw}`);
    expect(await screen.findByText('Failed to authenticate from source app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
  });

  it('shows the failure toast for a context it cannot read', async () => {
    renderAt('/?crossApp=not-base64-json');
    expect(await screen.findByText('Failed to authenticate from source app')).toBeTruthy();
  });
});
