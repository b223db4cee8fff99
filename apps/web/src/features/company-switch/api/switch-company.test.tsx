import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInvalidateOnCompanyChange } from '@/lib/company-changed';
import { useSwitchCompany } from './switch-company';

const fetchMock = vi.fn(
  async () =>
    new Response(JSON.stringify({ companyId: 'b', companyName: 'B' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

describe('useSwitchCompany', () => {
  it('tells the features listening for a company change, which reload their queries', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    // A query no predicate of the switch itself would refresh: only the company-changed hook does.
    client.setQueryData(['employees', 'list'], []);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        useInvalidateOnCompanyChange(['employees']);
        return useSwitchCompany();
      },
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ companyId: '00000000-0000-4000-8000-00000000000b' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['employees'] }));
  });
});
