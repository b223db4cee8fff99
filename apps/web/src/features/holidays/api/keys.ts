/** Query keys of the holiday feature; everything sits under ['holidays'] so one call refreshes it all. */
export const holidayKeys = {
  all: ['holidays'] as const,
  balance: () => [...holidayKeys.all, 'balance'] as const,
  myRequests: (limit?: number) => [...holidayKeys.all, 'requests', { limit: limit ?? null }] as const,
  approvals: () => [...holidayKeys.all, 'approvals'] as const,
  calendar: (month: string) => [...holidayKeys.all, 'calendar', month] as const,
  calendarDay: (date: string) => [...holidayKeys.all, 'calendar-day', date] as const,
  upcoming: () => [...holidayKeys.all, 'upcoming'] as const,
  workingDays: (start: string, end: string, startHalfDay = false, endHalfDay = false) =>
    [...holidayKeys.all, 'working-days', start, end, startHalfDay, endHalfDay] as const,
};
