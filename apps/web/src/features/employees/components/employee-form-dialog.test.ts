import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { reportSaveError } from './employee-form-dialog';

vi.mock('@/lib/toast', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

describe('reportSaveError', () => {
  it.each(['Employee number EMP002 is already in use', 'An employee with this number already exists'])(
    'shows "%s" as a toast and under Employee Number',
    (message) => {
      const setError = vi.fn();
      reportSaveError(new ApiError(409, 'CONFLICT', message), setError);
      expect(notify.error).toHaveBeenLastCalledWith(message);
      expect(setError).toHaveBeenCalledWith(
        'employeeNumber',
        { type: 'server', message },
        { shouldFocus: true },
      );
    },
  );

  it('puts the server field messages under their fields', () => {
    const setError = vi.fn();
    reportSaveError(
      new ApiError(400, 'VALIDATION_ERROR', 'Invalid input', { email: 'Invalid email address', other: 'x' }),
      setError,
    );
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Invalid email address' });
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
