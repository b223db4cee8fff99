import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { type Me, meQueryKey } from '@/lib/session';
import { encodeReturnContext } from '../lib/return-context';
import { CrossAppReturn } from './cross-app-return';

function Search() {
  return <output aria-label="search">{useLocation().search}</output>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, { company: { id: 'c' } } as unknown as Me);
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
  it('says where the user came back from, offers Go Back and clears the parameter', async () => {
    const raw = encodeReturnContext({ source: 'CRM', returnUrl: 'https://crm.example/deals' });
    renderAt(`/employees?crossApp=${raw}&tab=2`);
    expect(await screen.findByText('Returned from CRM app')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByLabelText('search').textContent).toBe('?tab=2');
  });

  it('shows the failure toast for a context it cannot read', async () => {
    renderAt('/?crossApp=not-base64-json');
    expect(await screen.findByText('Failed to authenticate from source app')).toBeTruthy();
  });
});
