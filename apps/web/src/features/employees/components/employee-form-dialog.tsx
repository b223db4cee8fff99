/** "Add New Employee" / "Edit Employee": the form in a dialog, with the server's errors mapped back. */
import { EMPLOYEE_MESSAGES, type Employee } from '@hr/shared/hr/employees.schemas';
import { INVITATION_MESSAGES } from '@hr/shared/invitations/invitations.schemas';
import { hasAccessLevel } from '@hr/shared/permissions';
import type { UseFormSetError } from 'react-hook-form';
import { LoadError } from '@/components/load-error';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useCreateEmployee } from '../api/create-employee';
import { useUpdateEmployee } from '../api/update-employee';
import { useUserOptions } from '../api/user-options';
import {
  type EmployeeFieldName,
  EmployeeForm,
  type EmployeeFormOutput,
  type EmployeeFormValues,
} from './employee-form';
import { EmployeeLedgerPanel } from './employee-ledger-panel';

const FIELD_NAMES: readonly EmployeeFieldName[] = [
  'fullName',
  'email',
  'position',
  'department',
  'employeeNumber',
  'startDate',
  'annualHolidayDays',
  'userId',
  'lineManagerId',
];

function isFieldName(name: string): name is EmployeeFieldName {
  return (FIELD_NAMES as readonly string[]).includes(name);
}

/** Shows a failed save as the error rule asks: a toast, and the message under the field it is about. */
export function reportSaveError(error: unknown, setError: UseFormSetError<EmployeeFormValues>) {
  if (error instanceof ApiError && error.status === 403) {
    notify.error(EMPLOYEE_MESSAGES.noPermission);
    return;
  }
  if (error instanceof ApiError) {
    // The server names the fields a refusal is about (bad input, a taken number, a linked user);
    // the first one takes the focus.
    let focus = true;
    for (const [name, message] of Object.entries(error.fields ?? {})) {
      if (!isFieldName(name)) continue;
      setError(name, { type: 'server', message }, { shouldFocus: focus });
      focus = false;
    }
  }
  notify.error(errorMessage(error, EMPLOYEE_MESSAGES.saveFailed));
}

export interface EmployeeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record being edited; absent for Add. */
  employee: Employee | null;
}

export function EmployeeFormDialog({ open, onOpenChange, employee }: EmployeeFormDialogProps) {
  const users = useUserOptions(open);
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const submitting = create.isPending || update.isPending;
  const { data: me } = useMe();
  const canInvite = hasAccessLevel(me?.permissions['user-management'] ?? 'no_access', 'full');

  const save = async (values: EmployeeFormOutput, setError: UseFormSetError<EmployeeFormValues>) => {
    try {
      if (employee) await update.mutateAsync({ id: employee.id, body: values });
      else await create.mutateAsync(values);
      notify.success(employee ? EMPLOYEE_MESSAGES.updated : EMPLOYEE_MESSAGES.created);
      if (values.sendInvitation) notify.success(INVITATION_MESSAGES.sent(values.email));
      onOpenChange(false);
    } catch (error) {
      reportSaveError(error, setError);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl! overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{employee ? 'Edit Employee' : 'Add New Employee'}</DialogTitle>
          <DialogDescription>
            {employee
              ? `Update the record of ${employee.fullName}.`
              : 'Enter the details of the new employee.'}
          </DialogDescription>
        </DialogHeader>
        {users.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading user accounts" />
          </div>
        ) : (
          <>
            {users.isError && (
              <LoadError
                title="Failed to load company users"
                detail={errorMessage(users.error, 'Failed to load company users')}
                query={users}
              />
            )}
            <EmployeeForm
              key={employee?.id ?? 'new'}
              employee={employee}
              users={users.data?.items ?? []}
              submitting={submitting}
              canInvite={canInvite}
              onSubmit={(values, setError) => void save(values, setError)}
              onCancel={() => onOpenChange(false)}
            />
            {employee && <EmployeeLedgerPanel employeeId={employee.id} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
