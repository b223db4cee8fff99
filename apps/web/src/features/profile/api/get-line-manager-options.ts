/** GET /api/v1/profile/line-manager-options: the company's other users (never oneself). */
import type { LineManagerOptionsResponse } from '@hr/shared/profile/profile.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const lineManagerOptionsQueryKey = ['profile', 'line-manager-options'] as const;

export function getLineManagerOptions(signal?: AbortSignal): Promise<LineManagerOptionsResponse> {
  return apiFetch<LineManagerOptionsResponse>('/api/v1/profile/line-manager-options', { signal });
}

export const lineManagerOptionsQueryOptions = queryOptions({
  queryKey: lineManagerOptionsQueryKey,
  queryFn: ({ signal }) => getLineManagerOptions(signal),
});

export function useLineManagerOptions() {
  return useQuery(lineManagerOptionsQueryOptions);
}
