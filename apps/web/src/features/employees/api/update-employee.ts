/** PUT /api/v1/employees/:id: saves the form; holiday days used is kept by the server. */
import type { Employee, EmployeeInput } from '@hr/shared/hr/employees.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { employeeKeys } from './keys';

export function updateEmployee({ id, body }: { id: string; body: EmployeeInput }): Promise<Employee> {
  return apiFetch<Employee>(`/api/v1/employees/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
