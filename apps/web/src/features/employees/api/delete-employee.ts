/** DELETE /api/v1/employees/:id: removes the record and answers with the success message. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { employeeKeys } from './keys';

export function deleteEmployee(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/v1/employees/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
