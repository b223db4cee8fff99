/** GET /api/v1/workshop/jobs/:id: one full job (parts, notes, SOP documents, photos) for its details. */
import type { Job, JobResponse } from '@hr/shared/workshop/workshop.schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { workshopKeys } from './workshop-keys';

export async function getJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  const { job } = await apiFetch<JobResponse>(`/api/v1/workshop/jobs/${encodeURIComponent(jobId)}`, {
    signal,
  });
  return job;
}

export const jobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: workshopKeys.job(jobId),
    queryFn: ({ signal }) => getJob(jobId, signal),
  });

/** The job, while `jobId` is set (the details dialog is open). */
export function useJob(jobId: string | null) {
  return useQuery({ ...jobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}

/**
 * Every change to a job answers with the whole job: it goes straight into the open dialog's cache,
 * before the invalidation of `workshopKeys.all` reloads the board and the job again.
 */
export function storeJob(queryClient: QueryClient, { job }: JobResponse): void {
  queryClient.setQueryData(workshopKeys.job(job.id), job);
}
