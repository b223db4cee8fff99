/**
 * Super admins (issue 18): POST /api/v1/leave/rollover runs the company's holiday-year rollover now;
 * GET /api/v1/holidays/sickness-totals lists sickness per employee over the last 52 weeks.
 */
import type { RolloverResponse, SicknessTotalsResponse } from '@hr/shared/leave/leave.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function useSicknessTotals(enabled: boolean) {
  return useQuery({
    queryKey: [...holidayKeys.all, 'sickness-totals'],
    queryFn: ({ signal }) => apiFetch<SicknessTotalsResponse>('/api/v1/holidays/sickness-totals', { signal }),
    enabled,
  });
}

export function useRollover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RolloverResponse>('/api/v1/leave/rollover', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
