/** DELETE /api/v1/workshop/schedule: Reset clears the custom order; every job is new again. */
import type { ScheduleResponse } from '@hr/shared/workshop/workshop.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { workshopKeys } from './workshop-keys';

export function resetSchedule(): Promise<ScheduleResponse> {
  return apiFetch<ScheduleResponse>('/api/v1/workshop/schedule', { method: 'DELETE' });
}

export function useResetSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
