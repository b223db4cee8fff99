/** POST /api/v1/workshop/jobs/:id/parts/:index/order: marks a part ordered with a quantity. */
import type { JobResponse, OrderPartRequest } from '@hr/shared/workshop/workshop.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { storeJob } from './get-job';
import { workshopKeys } from './workshop-keys';

export interface OrderPartInput extends OrderPartRequest {
  jobId: string;
  index: number;
}

export function orderPart({ jobId, index, quantity }: OrderPartInput): Promise<JobResponse> {
  return apiFetch<JobResponse>(`/api/v1/workshop/jobs/${jobId}/parts/${index}/order`, {
    method: 'POST',
    body: { quantity },
  });
}

export function useOrderPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderPart,
    onSuccess: (data) => storeJob(queryClient, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workshopKeys.all }),
  });
}
