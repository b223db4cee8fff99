/** POST /api/v1/holidays/requests: submits a request (201; pending, or approved without a line manager). */
import type { HolidayRequest, HolidayRequestInput } from '@hr/shared/hr/holidays.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function submitHolidayRequest(body: HolidayRequestInput): Promise<HolidayRequest> {
  return apiFetch<HolidayRequest>('/api/v1/holidays/requests', { method: 'POST', body });
}

export function useSubmitHolidayRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitHolidayRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
