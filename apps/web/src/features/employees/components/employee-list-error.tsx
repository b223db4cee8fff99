/**
 * The employee list's load error (the employee-list error rule): the message, and when it says the full_name column
 * does not exist, a note that a database migration is pending.
 */
import { EMPLOYEE_MESSAGES, isFullNameColumnMissing } from '@hr/shared/hr/employees.schemas';
import { Alert } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';

export function EmployeeListError({ error, className }: { error: unknown; className?: string }) {
  const message = errorMessage(error);
  return (
    <Alert variant="destructive" className={className}>
      <p>{message}</p>
      {isFullNameColumnMissing(message) && (
        <p className="mt-1 font-medium" data-testid="employee-migration-note">
          {EMPLOYEE_MESSAGES.migrationPending}
        </p>
      )}
    </Alert>
  );
}
