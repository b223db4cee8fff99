import { EMPLOYEE_MESSAGES } from '@hr/shared/hr/employees.schemas';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { reportSaveError } from './employee-form-dialog';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

describe('reportSaveError', () => {
  it.each(['Employee number EMP002 is already in use', 'Reworded by the server'])(
    'shows the 409 "%s" as a toast and under the field the server names',
    (message) => {
      const setError = vi.fn();
      reportSaveError(new ApiError(409, 'CONFLICT', message, { employeeNumber: message }), setError);
      expect(notify.error).toHaveBeenLastCalledWith(message);
      expect(setError).toHaveBeenCalledTimes(1);
      expect(setError).toHaveBeenCalledWith(
        'employeeNumber',
        { type: 'server', message },
        { shouldFocus: true },
      );
    },
  );

  it('does not guess a field from the message text', () => {
    const setError = vi.fn();
    reportSaveError(new ApiError(409, 'CONFLICT', EMPLOYEE_MESSAGES.duplicateNumber), setError);
    expect(notify.error).toHaveBeenLastCalledWith(EMPLOYEE_MESSAGES.duplicateNumber);
    expect(setError).not.toHaveBeenCalled();
  });

  it('puts the server field messages under their fields, focusing the first the form has', () => {
    const setError = vi.fn();
    reportSaveError(
      new ApiError(400, 'VALIDATION_ERROR', 'Invalid input', {
        other: 'x',
        email: 'Invalid email address',
        position: EMPLOYEE_MESSAGES.positionRequired,
      }),
      setError,
    );
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Invalid email address' }, { shouldFocus: true }],
      ['position', { type: 'server', message: EMPLOYEE_MESSAGES.positionRequired }, { shouldFocus: false }],
    ]);
  });

  it('turns 403 into the no-permission message', () => {
    const setError = vi.fn();
    reportSaveError(new ApiError(403, 'FORBIDDEN', 'Forbidden'), setError);
    expect(notify.error).toHaveBeenLastCalledWith(
      'You do not have permission to create employees. Please contact your administrator.',
    );
    expect(setError).not.toHaveBeenCalled();
  });
});
