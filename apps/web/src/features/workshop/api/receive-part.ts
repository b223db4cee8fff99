/** POST /api/v1/workshop/jobs/:id/parts/:index/receive: books a full or partial delivery. */
import type { JobResponse, ReceivePartRequest } from '@hr/shared/workshop/workshop.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { storeJob } from './get-job';
import { workshopKeys } from './workshop-keys';

export interface ReceivePartInput extends ReceivePartRequest {
  jobId: string;
  index: number;
}

export function receivePart({ jobId, index, quantity }: ReceivePartInput): Promise<JobResponse> {
  return apiFetch<JobResponse>(`/api/v1/workshop/jobs/${jobId}/parts/${index}/receive`, {
    method: 'POST',
    body: { quantity },
  });
}

export function useReceivePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receivePart,
    onSuccess: (data) => storeJob(queryClient, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
