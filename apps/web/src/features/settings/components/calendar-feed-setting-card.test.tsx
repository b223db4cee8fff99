import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarFeedSettingCard } from './calendar-feed-setting-card';

afterEach(() => vi.unstubAllGlobals());

function serve() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return Response.json(body);
      }
      return Response.json({ companyFeedForEmployees: false });
    }),
  );
  return puts;
}

const renderCard = (readOnly = false) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CalendarFeedSettingCard readOnly={readOnly} />
    </QueryClientProvider>,
  );

describe('CalendarFeedSettingCard', () => {
  it('shows the stored setting and saves a change', async () => {
    const puts = serve();
    renderCard();
    const toggle = await screen.findByRole('switch', {
      name: 'Employees may subscribe to the whole company calendar',
    });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ companyFeedForEmployees: true }]));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('is disabled at View level', async () => {
    serve();
    renderCard(true);
    const toggle = await screen.findByRole('switch');
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });
});
