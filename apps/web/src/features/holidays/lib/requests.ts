import type { HolidayRequest } from '@hr/shared/hr/holidays.schemas';

/** The server's rule, mirrored to decide whether to offer Cancel: pending, or approved and not started. */
export function isCancellable(request: Pick<HolidayRequest, 'status' | 'startDate'>, today: string): boolean {
  if (request.status === 'pending') return true;
  return request.status === 'approved' && request.startDate > today;
}
