import { EMPLOYEE_MESSAGES } from '@hr/shared/hr/employees.schemas';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { reportSaveError } from './employee-form-dialog';

describe('reportSaveError', () => {
  it('marks the field the server names, whatever the message says', () => {
    const setError = vi.fn();
    reportSaveError(
      new ApiError(409, 'CONFLICT', 'Reworded by the server', { employeeNumber: 'Reworded by the server' }),
      setError,
    );
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith(
      'employeeNumber',
      { type: 'server', message: 'Reworded by the server' },
      { shouldFocus: true },
    );
  });

  it('focuses the first of several fields and ignores names the form does not have', () => {
    const setError = vi.fn();
    reportSaveError(
      new ApiError(400, 'VALIDATION_ERROR', 'Some fields are not valid.', {
        nope: 'x',
        fullName: EMPLOYEE_MESSAGES.fullNameRequired,
        position: EMPLOYEE_MESSAGES.positionRequired,
      }),
      setError,
    );
    expect(setError.mock.calls).toEqual([
      ['fullName', { type: 'server', message: EMPLOYEE_MESSAGES.fullNameRequired }, { shouldFocus: true }],
      ['position', { type: 'server', message: EMPLOYEE_MESSAGES.positionRequired }, { shouldFocus: false }],
    ]);
  });

  it('does not guess a field from the message text', () => {
    const setError = vi.fn();
    reportSaveError(new ApiError(409, 'CONFLICT', EMPLOYEE_MESSAGES.duplicateNumber), setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
