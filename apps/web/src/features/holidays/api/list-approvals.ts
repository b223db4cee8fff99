/** GET /api/v1/holidays/approvals: pending requests waiting for the signed-in line manager. */
import type { ApprovalsResponse } from '@hr/shared/hr/holidays.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function fetchApprovals(signal?: AbortSignal): Promise<ApprovalsResponse> {
  return apiFetch<ApprovalsResponse>('/api/v1/holidays/approvals', { signal });
}

export const approvalsQueryOptions = queryOptions({
  queryKey: holidayKeys.approvals(),
  queryFn: ({ signal }) => fetchApprovals(signal),
});

export function useApprovals(enabled = true) {
  return useQuery({ ...approvalsQueryOptions, enabled });
}
