import { EMAIL_PREFERENCE_MESSAGES } from '@hr/shared/email/email-preferences.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { EmailPreferencesCard } from './email-preferences-card';

const ALL_ON = { new_request: true, decision: true, cancellation: true, leaver: true };
const sent: unknown[] = [];
let failLoad = false;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  if (String(input) !== '/api/v1/profile/email-preferences') return new Response('{}', { status: 404 });
  if (init?.method === 'PUT') {
    sent.push(JSON.parse(String(init.body)));
    return Response.json(JSON.parse(String(init.body)));
  }
  if (failLoad) {
    return Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, { status: 500 });
  }
  return Response.json(ALL_ON);
});

/** jsdom has no ResizeObserver, which Radix's switch measures its thumb with; browsers all do. */
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
  sent.length = 0;
  failLoad = false;
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <EmailPreferencesCard />
    </QueryClientProvider>,
  );
}

describe('EmailPreferencesCard', () => {
  it('shows one switch per optional email and saves the change with a toast', async () => {
    const success = vi.spyOn(notify, 'success');
    renderCard();
    const toggle = await screen.findByRole('switch', { name: 'New holiday requests' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    const save = screen.getByRole('button', { name: 'Save email preferences' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(success).toHaveBeenCalledWith(EMAIL_PREFERENCE_MESSAGES.saved));
    expect(sent).toEqual([{ ...ALL_ON, new_request: false }]);
  });

  it('a failed load offers Try again', async () => {
    failLoad = true;
    renderCard();
    expect(await screen.findByText(EMAIL_PREFERENCE_MESSAGES.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
