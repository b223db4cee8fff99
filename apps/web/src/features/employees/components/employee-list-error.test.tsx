import { EMPLOYEE_MESSAGES } from '@hr/shared/hr/employees.schemas';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { EmployeeListError } from './employee-list-error';

describe('the employee list load error (missing full_name column)', () => {
  it('shows the message and the migration note when the full_name column does not exist', () => {
    render(
      <EmployeeListError
        error={new ApiError(503, 'MIGRATION_PENDING', EMPLOYEE_MESSAGES.fullNameColumnMissing)}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(EMPLOYEE_MESSAGES.fullNameColumnMissing);
    expect(screen.getByTestId('employee-migration-note').textContent).toBe(
      EMPLOYEE_MESSAGES.migrationPending,
    );
    expect(EMPLOYEE_MESSAGES.migrationPending).toMatch(
      /migration is pending.*employee decoupling script.*reload/,
    );
  });

  it('recognises the database wording too, and shows only the message for any other error', () => {
    const { unmount } = render(
      <EmployeeListError error={new ApiError(500, 'X', 'column "full_name" does not exist')} />,
    );
    expect(screen.getByTestId('employee-migration-note')).toBeTruthy();
    unmount();
    render(
      <EmployeeListError error={new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.')} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong on our side.');
    expect(screen.queryByTestId('employee-migration-note')).toBeNull();
  });
});
