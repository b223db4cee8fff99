/** The delete confirmation, naming the employee. */
import { EMPLOYEE_MESSAGES, type Employee } from '@hr/shared/hr/employees.schemas';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
  const confirm = () => {
    if (!employee) return;
    remove.mutate(employee.id, {
      onSuccess: (data) => {
        notify.success(data?.message || EMPLOYEE_MESSAGES.deleted);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error, EMPLOYEE_MESSAGES.deleteFailed)),
    });
  };
  return (
    <AlertDialog open={employee !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Employee</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete {employee?.fullName}? This removes the employee record and cannot
            be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog stays open until the server has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
