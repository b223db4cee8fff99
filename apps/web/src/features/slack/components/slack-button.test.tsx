import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Me, meQueryKey } from '@/lib/session';
import { SlackButton } from './slack-button';

function renderButton(connectRoute: 'settings' | 'dialog' | 'none', slackLevel = 'admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, {
    user: { id: 'u' },
    permissions: { 'slack-integration': slackLevel },
  } as unknown as Me);
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

  it('opens the connection card in a dialog with Connect for an Admin-level user', async () => {
    renderButton('dialog', 'admin');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Slack' }));
    // The dialog's code loads on the first press (ADR 0130).
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('shows a View-level user the status only: no Connect in the dialog, as in Settings', async () => {
    renderButton('dialog', 'view');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Slack' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  });
});
