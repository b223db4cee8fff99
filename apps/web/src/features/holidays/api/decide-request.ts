/** POST /api/v1/holidays/requests/:id/decision: approve (comment optional) or reject (comment required). */
import type { HolidayDecisionInput, HolidayRequest } from '@hr/shared/hr/holidays.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function decideHolidayRequest({
  id,
  body,
}: {
  id: string;
  body: HolidayDecisionInput;
}): Promise<HolidayRequest> {
  return apiFetch<HolidayRequest>(`/api/v1/holidays/requests/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    body,
  });
}

export function useDecideHolidayRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHolidayRequest,
    // Approvals, the calendar and the upcoming list all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
