/** POST /api/v1/workshop/schedule/scheduled: the job joins the schedule and is no longer new. */
import type { ScheduleResponse } from '@hr/shared/workshop/workshop.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { workshopKeys } from './workshop-keys';

export function markScheduled(jobId: string): Promise<ScheduleResponse> {
  return apiFetch<ScheduleResponse>('/api/v1/workshop/schedule/scheduled', {
    method: 'POST',
    body: { jobId },
  });
}

export function useMarkScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markScheduled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
