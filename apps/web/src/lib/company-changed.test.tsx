import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { announceCompanyChanged, onCompanyChanged, useInvalidateOnCompanyChange } from './company-changed';

function Listener({ queryKey }: { queryKey: readonly string[] }) {
  useInvalidateOnCompanyChange(queryKey);
  return null;
}

function withClient(client: QueryClient, children: ReactNode) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('company-changed', () => {
  it('marks only the listed queries stale on a company change, and stops listening on unmount', () => {
    const client = new QueryClient();
    client.setQueryData(['workshop', 'board', 'a'], { orders: [] });
    client.setQueryData(['me'], { id: 'me' });
    const { unmount } = render(withClient(client, <Listener queryKey={['workshop']} />));
    expect(client.getQueryState(['workshop', 'board', 'a'])?.isInvalidated).toBe(false);

    announceCompanyChanged();
    expect(client.getQueryState(['workshop', 'board', 'a'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['me'])?.isInvalidated).toBe(false);

    client.setQueryData(['workshop', 'board', 'a'], { orders: [] });
    unmount();
    announceCompanyChanged();
    expect(client.getQueryState(['workshop', 'board', 'a'])?.isInvalidated).toBe(false);
  });

  it('keeps one listener across renders that pass a fresh key array', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const { rerender } = render(withClient(client, <Listener queryKey={['holidays']} />));
    rerender(withClient(client, <Listener queryKey={['holidays']} />));
    rerender(withClient(client, <Listener queryKey={['holidays']} />));
    announceCompanyChanged();
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('onCompanyChanged calls its listener until stopped', () => {
    const listener = vi.fn();
    const stop = onCompanyChanged(listener);
    announceCompanyChanged();
    stop();
    announceCompanyChanged();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
