import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPageOf } from './router';

// The route table's root layout registers the service worker (a Vite virtual module): not here.
vi.mock('@/features/app-update/components/app-update-prompt', () => ({ AppUpdatePrompt: () => null }));

const fetchMock = vi.fn(
  async (_url: string, _init?: RequestInit) =>
    new Response(JSON.stringify({ items: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
);

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const requested = () => fetchMock.mock.calls.map(([url]) => url);

describe('preloadPageOf (ADR 0130)', () => {
  it("starts a protected page's session read and the reads its module names, beside its chunk", async () => {
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    preloadPageOf('/holidays/', client, '');
    expect(requested()).toEqual(['/api/v1/me']);
    await vi.waitFor(() => expect(requested()).toContain('/api/v1/holidays/balance'), { timeout: 10_000 });
    expect(requested()).toEqual(
      expect.arrayContaining(['/api/v1/holidays/requests?limit=5', '/api/v1/holidays/upcoming']),
    );
  });

  it('leaves the Overview lists to a deep-linked tab, and reads nothing for the sign-in page', async () => {
    vi.stubGlobal('fetch', fetchMock);
    preloadPageOf('/holidays', new QueryClient(), '?tab=calendar');
    await vi.waitFor(() => expect(requested()).toContain('/api/v1/holidays/balance'), { timeout: 10_000 });
    expect(requested()).not.toContain('/api/v1/holidays/upcoming');
    fetchMock.mockClear();
    preloadPageOf('/auth', new QueryClient(), '');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested()).toEqual([]);
  });
});
