/** Notification constants and rules, free of zod so the app shell (the bell) can import them cheaply. */
export const NOTIFICATIONS_LIMIT = 50;

export const NOTIFICATION_MESSAGES = {
  allRead: 'All notifications marked as read',
  markReadFailed: 'Error marking notifications as read',
  empty: 'No notifications yet',
  loading: 'Loading notifications...',
} as const;

/** Notification types that open Holiday Management when clicked. */
export const HOLIDAY_NOTIFICATION_TYPES = ['holiday_request', 'holiday_decision'] as const;

export function isHolidayNotification(type: string): boolean {
  return type.startsWith('holiday');
}
