/** PATCH /api/v1/workshop/jobs/:id: status (complete maps to completed) and notes. */
import type { JobResponse, UpdateJobRequest } from '@hr/shared/workshop/workshop.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { storeJob } from './get-job';
import { workshopKeys } from './workshop-keys';

export function updateJob({ jobId, ...body }: UpdateJobRequest & { jobId: string }): Promise<JobResponse> {
  return apiFetch<JobResponse>(`/api/v1/workshop/jobs/${jobId}`, { method: 'PATCH', body });
}

export function useUpdateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSuccess: (data) => storeJob(queryClient, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
