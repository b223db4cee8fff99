/**
 * GET|PUT /api/v1/leave/settings: the company's leave rules (carry-over, negative balances, which leave
 * types use allowance or need approval). Saving refreshes the holiday screens: balances and the
 * allowance check follow the rules.
 */
import type { LeaveSettings } from '@hr/shared/leave/leave.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const leaveSettingsQueryKey = ['settings', 'leave'] as const;

export const leaveSettingsQueryOptions = queryOptions({
  queryKey: leaveSettingsQueryKey,
  queryFn: ({ signal }) => apiFetch<LeaveSettings>('/api/v1/leave/settings', { signal }),
});

export function useLeaveSettings() {
  return useQuery(leaveSettingsQueryOptions);
}

export function useSaveLeaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaveSettings) =>
      apiFetch<LeaveSettings>('/api/v1/leave/settings', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(leaveSettingsQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['holidays'] });
    },
  });
}
