/** POST /api/v1/holidays/requests/:id/cancel: the requester withdraws a pending (or not yet started) request. */
import type { HolidayRequest } from '@hr/shared/hr/holidays.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function cancelHolidayRequest(id: string): Promise<HolidayRequest> {
  return apiFetch<HolidayRequest>(`/api/v1/holidays/requests/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: {},
  });
}

export function useCancelHolidayRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelHolidayRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
