/** POST /api/v1/employees: creates an employee record (201); the lists are refetched. */
import type { Employee, EmployeeInput } from '@hr/shared/hr/employees.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { employeeKeys } from './keys';

export function createEmployee(body: EmployeeInput): Promise<Employee> {
  return apiFetch<Employee>('/api/v1/employees', { method: 'POST', body });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
