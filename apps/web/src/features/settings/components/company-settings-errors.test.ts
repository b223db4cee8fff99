import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { companySettingsSaveError } from './company-settings-errors';

describe('companySettingsSaveError', () => {
  it.each([
    [
      new ApiError(403, 'FORBIDDEN', 'no'),
      'Permission denied',
      'You do not have permission to update company settings.',
    ],
    [
      new ApiError(0, 'NETWORK_ERROR', 'offline'),
      'Network error',
      'Please check your internet connection and try again.',
    ],
    [
      new ApiError(400, 'COMPANY_NOT_IDENTIFIED', 'x'),
      'Company identification error',
      'There was an issue identifying your company. Please refresh the page.',
    ],
    [
      new ApiError(400, 'VALIDATION_ERROR', 'Invalid month'),
      'Failed to update company settings',
      'Invalid month',
    ],
    [
      new Error(''),
      'Failed to update company settings',
      'Please try again or contact support if the problem persists.',
    ],
  ])('maps %o', (error, title, description) => {
    expect(companySettingsSaveError(error)).toEqual({ title, description });
  });
});
