import type { NotificationsResponse } from '@hr/shared/notifications/notifications.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatLocalDateRange } from '@/lib/local-dates';
import { notificationsQueryKey } from '../api/get-notifications';
import { NotificationBell } from './notification-bell';

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

describe('notification texts', () => {
  it('show dates in the local format and a single working day in the singular', async () => {
    renderBell({
      unreadCount: 2,
      notifications: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          type: 'holiday_request',
          title: 'New holiday request',
          message: 'Alice Archer requested Annual Leave, 2026-12-30 to 2027-01-05 (4 working days).',
          isRead: false,
          readAt: null,
          createdAt: new Date().toISOString(),
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          type: 'holiday_request',
          title: 'New holiday request',
          message: 'Tom Turner requested Annual Leave, 2026-12-31 (1 working days).',
          isRead: false,
          readAt: null,
          createdAt: new Date().toISOString(),
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    // The page collapses the locale's thin spaces as any text matcher does.
    const range = formatLocalDateRange('2026-12-30', '2027-01-05').replace(/\s+/g, ' ');
    expect(range).not.toContain('2026-12-30');
    // The panel's code loads on the first press (ADR 0130).
    expect(
      await screen.findByText(`Alice Archer requested Annual Leave, ${range} (4 working days).`),
    ).toBeTruthy();
    expect(
      screen.getByText(
        `Tom Turner requested Annual Leave, ${formatLocalDate('2026-12-31')} (1 working day).`,
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('formats in the given locale', () => {
    expect(formatLocalDate('2026-12-30', 'en-GB')).toBe('30 Dec 2026');
    expect(formatLocalDate('2026-12-30', 'en-US')).toBe('Dec 30, 2026');
    expect(formatLocalDateRange('2026-12-30', '2027-01-05', 'en-GB').replace(/\s/g, ' ')).toBe(
      '30 Dec 2026 – 5 Jan 2027',
    );
  });
});
