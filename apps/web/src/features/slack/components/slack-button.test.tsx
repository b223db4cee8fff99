import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Me, meQueryKey } from '@/lib/session';
import { SlackButton } from './slack-button';

function renderButton(connectRoute: 'settings' | 'dialog' | 'none') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, { user: { id: 'u' } } as unknown as Me);
  client.setQueryData(['slack', 'connection'], { status: 'not_connected' });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SlackButton connectRoute={connectRoute} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SlackButton', () => {
  it('is not offered, disabled or otherwise, to a user without the Slack Integration section', () => {
    const { container } = renderButton('none');
    expect(screen.queryByText('Connect Slack')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('leads a user who may connect to the connection card', () => {
    renderButton('settings');
    expect(screen.getByRole('link', { name: 'Connect Slack' })).toBeTruthy();
  });
});
