/** POST /api/v1/workshop/jobs/:id/issue: issues the job to the workshop floor. */
import type { JobResponse } from '@hr/shared/workshop/workshop.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { storeJob } from './get-job';
import { workshopKeys } from './workshop-keys';

export function issueJob(jobId: string): Promise<JobResponse> {
  return apiFetch<JobResponse>(`/api/v1/workshop/jobs/${jobId}/issue`, { method: 'POST' });
}

export function useIssueJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueJob,
    onSuccess: (data) => storeJob(queryClient, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
