import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

describe('NotificationBell', () => {
  it('shows no badge without unread notifications', () => {
    render(<NotificationBell count={0} />);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('shows the count up to 9', () => {
    render(<NotificationBell count={9} />);
    expect(screen.getByTestId('notification-badge').textContent).toBe('9');
    expect(screen.getByRole('button', { name: 'Notifications, 9 unread' })).toBeTruthy();
  });

  it('shows 9+ above 9 while the accessible name keeps the real count', () => {
    render(<NotificationBell count={12} />);
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
    expect(screen.getByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy();
  });
});
