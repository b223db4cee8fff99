/**
 * An employee's leave ledger (ADR 0090): GET and POST /api/v1/employees/:id/ledger (opening balance,
 * adjustments) and PUT /api/v1/employees/:id/end-date (archive a leaver, ADR 0092).
 */
import type { Employee } from '@hr/shared/hr/employees.schemas';
import type { EmployeeLedgerResponse, LedgerEntryInput } from '@hr/shared/leave/leave.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { employeeKeys } from './keys';

const ledgerPath = (id: string) => `/api/v1/employees/${encodeURIComponent(id)}/ledger`;

export function useEmployeeLedger(id: string, enabled: boolean) {
  return useQuery({
    queryKey: employeeKeys.ledger(id),
    queryFn: ({ signal }) => apiFetch<EmployeeLedgerResponse>(ledgerPath(id), { signal }),
    enabled,
  });
}

export function useAddLedgerEntry(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LedgerEntryInput) =>
      apiFetch<EmployeeLedgerResponse>(ledgerPath(id), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}

export function useSetEndDate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endDate: string | null) =>
      apiFetch<Employee>(`/api/v1/employees/${encodeURIComponent(id)}/end-date`, {
        method: 'PUT',
        body: { endDate },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
