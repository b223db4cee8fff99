/** GET /api/v1/holidays/balance: remaining, used and total days of the current holiday year. */
import type { HolidayBalanceResponse } from '@hr/shared/hr/holidays.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchHolidayBalance(signal?: AbortSignal): Promise<HolidayBalanceResponse> {
  return apiFetch<HolidayBalanceResponse>('/api/v1/holidays/balance', { signal });
}

export const holidayBalanceQueryOptions = queryOptions({
  queryKey: holidayKeys.balance(),
  queryFn: ({ signal }) => fetchHolidayBalance(signal),
});

export function useHolidayBalance() {
  return useQuery(holidayBalanceQueryOptions);
}
