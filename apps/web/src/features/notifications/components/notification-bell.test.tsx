import type { NotificationsResponse } from '@hr/shared/notifications/notifications.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notificationsQueryKey } from '../api/get-notifications';
import { NotificationBell, unreadBadgeText } from './notification-bell';

describe('unreadBadgeText', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%i unread shows %j', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});

function renderBell(data: NotificationsResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(notificationsQueryKey, data);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const note = (i: number, isRead = false) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  type: 'holiday_request',
  title: `Request ${i}`,
  message: `Message ${i}`,
  isRead,
  readAt: null,
  createdAt: new Date(2026, 0, i + 1).toISOString(),
});

describe('NotificationBell', () => {
  it('shows no badge without unread notifications, and the empty panel', async () => {
    renderBell({ notifications: [], unreadCount: 0 });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    // The first press of the file: the panel's code loads first (ADR 0130), then it opens.
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server count up to 9', () => {
    renderBell({ notifications: [note(1)], unreadCount: 9 });
    expect(screen.getByTestId('notification-badge').textContent).toBe('9');
    expect(screen.getByRole('button', { name: 'Notifications, 9 unread' })).toBeTruthy();
  });

  it('shows 9+ above 9 while the accessible name keeps the real count, and lists the notifications', async () => {
    renderBell({ notifications: [note(2), note(1, true)], unreadCount: 12 });
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 12 unread' }));
    expect(await screen.findByText('Request 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete notification Request 1' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
