/**
 * The delete confirmation, naming the employee. When the server refuses (an employee with holiday
 * history, ADR 0049) its reason stays in the dialog, not only in a toast.
 */
import { EMPLOYEE_MESSAGES, type Employee } from '@hr/shared/hr/employees.schemas';
import { PendingConfirmDialog } from '@/components/pending-confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDeleteEmployee } from '../api/delete-employee';

export function DeleteEmployeeDialog({
  employee,
  onClose,
}: {
  employee: Employee | null;
  onClose: () => void;
}) {
  const remove = useDeleteEmployee();
  const close = () => {
    remove.reset();
    onClose();
  };
  const refusal = remove.isError ? errorMessage(remove.error, EMPLOYEE_MESSAGES.deleteFailed) : null;
  const confirm = () => {
    if (!employee) return;
    remove.mutate(employee.id, {
      onSuccess: (data) => {
        notify.success(data?.message || EMPLOYEE_MESSAGES.deleted);
        close();
      },
      onError: (error) => notify.error(errorMessage(error, EMPLOYEE_MESSAGES.deleteFailed)),
    });
  };
  return (
    <PendingConfirmDialog
      open={employee !== null}
      title="Delete Employee"
      description={
        <>
          {`Are you sure you want to delete ${employee?.fullName}? This removes the employee record and cannot be undone.`}
          {refusal && (
            <span role="alert" className="mt-3 block font-medium text-destructive">
              {refusal}
            </span>
          )}
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
