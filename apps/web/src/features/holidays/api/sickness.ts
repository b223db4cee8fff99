/**
 * Recording sickness for someone else (issue 18): GET /api/v1/holidays/sickness/employees lists whom
 * the signed-in user may record for (their reports; everyone for a super admin), POST
 * /api/v1/holidays/sickness records it (approved at once).
 */
import type { HolidayRequest } from '@hr/shared/hr/holidays.schemas';
import type { SicknessEmployeesResponse, SicknessInput } from '@hr/shared/leave/leave.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { holidayKeys } from './keys';

export function useSicknessEmployees(search: string) {
  return useQuery({
    queryKey: [...holidayKeys.all, 'sickness-employees', search],
    queryFn: ({ signal }) =>
      apiFetch<SicknessEmployeesResponse>(
        `/api/v1/holidays/sickness/employees?${new URLSearchParams({ search })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRecordSickness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SicknessInput) =>
      apiFetch<HolidayRequest>('/api/v1/holidays/sickness', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}
