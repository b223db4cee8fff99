import type { CalendarFeedsResponse } from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarFeedsCard } from './calendar-feeds-card';

const URL_SHOWN = 'http://localhost:3000/api/ical/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

function serve(list: CalendarFeedsResponse) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST') return Response.json({ id: 'f2', url: URL_SHOWN }, { status: 201 });
      if (method === 'DELETE') return Response.json({ message: 'Calendar feed revoked' });
      return Response.json(list);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());
// jsdom has no ResizeObserver (Radix's checkbox measures itself with one); every supported browser has.
beforeEach(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CalendarFeedsCard />
    </QueryClientProvider>,
  );

describe('CalendarFeedsCard', () => {
  it('offers only the scopes the server allows, creates a feed and shows its URL once', async () => {
    const calls = serve({ items: [], allowedScopes: ['me', 'team'] });
    renderCard();
    expect(await screen.findByText('No calendar feeds yet')).toBeTruthy();
    const select = screen.getByLabelText('Feed') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['My leave', 'My team']);
    fireEvent.change(select, { target: { value: 'team' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include bank holidays' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create feed URL' }));
    const shown = (await screen.findByLabelText('Your new feed URL (shown only once)')) as HTMLInputElement;
    expect(shown.value).toBe(URL_SHOWN);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      scope: 'team',
      includeBankHolidays: true,
    });
  });

  it('lists feeds with their state and revokes an active one', async () => {
    const calls = serve({
      allowedScopes: ['me'],
      items: [
        {
          id: 'f1',
          scope: 'me',
          includeBankHolidays: true,
          createdAt: '2026-11-01T10:00:00.000Z',
          revokedAt: null,
        },
        {
          id: 'f0',
          scope: 'company',
          includeBankHolidays: false,
          createdAt: '2026-10-01T10:00:00.000Z',
          revokedAt: '2026-10-05T10:00:00.000Z',
        },
      ],
    });
    renderCard();
    const list = await screen.findByRole('list', { name: 'My calendar feeds' });
    expect(list.textContent).toContain('My leave, with bank holidays');
    expect(list.textContent).toContain('Whole company');
    const revokeButtons = screen.getAllByRole('button', { name: /^Revoke / });
    expect(revokeButtons).toHaveLength(1);
    fireEvent.click(revokeButtons[0] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/f1'))).toBe(true));
  });
});
