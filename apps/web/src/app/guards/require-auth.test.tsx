import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('RequireAuth', () => {
  it('shows the spec toast "Failed to load user profile" when the session cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/employees']}>
          <RequireAuth />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
    const toastItem = await screen.findByText('Failed to load user profile');
    expect(toastItem.closest('[data-sonner-toast]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
