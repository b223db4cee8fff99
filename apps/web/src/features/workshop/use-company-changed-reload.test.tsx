import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { workshopKeys } from './api/workshop-keys';
import { useCompanyChangedReload } from './use-company-changed-reload';

function Listener() {
  useCompanyChangedReload();
  return null;
}

function withClient(client: QueryClient, children: ReactNode) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useCompanyChangedReload', () => {
  it('marks the workshop queries stale on company-changed, and stops listening on unmount', () => {
    const client = new QueryClient();
    client.setQueryData(workshopKeys.board('a'), { orders: [] });
    client.setQueryData(['me'], { id: 'me' });
    const { unmount } = render(withClient(client, <Listener />));
    expect(client.getQueryState(workshopKeys.board('a'))?.isInvalidated).toBe(false);

    window.dispatchEvent(new Event('company-changed'));
    expect(client.getQueryState(workshopKeys.board('a'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['me'])?.isInvalidated).toBe(false);

    client.setQueryData(workshopKeys.board('a'), { orders: [] });
    unmount();
    window.dispatchEvent(new Event('company-changed'));
    expect(client.getQueryState(workshopKeys.board('a'))?.isInvalidated).toBe(false);
  });
});
