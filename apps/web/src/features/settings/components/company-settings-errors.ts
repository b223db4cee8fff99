/** Maps a failed company-settings save to its error toast by the server's error code. */
import { SETTINGS_ERROR_CODES, SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { ApiError } from '@/lib/api-client';

export function companySettingsSaveError(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError) {
    if (error.status === 403 || error.code === 'FORBIDDEN') {
      return {
        title: SETTINGS_MESSAGES.permissionDenied,
        description: SETTINGS_MESSAGES.permissionDeniedDescription,
      };
    }
    if (error.code === 'NETWORK_ERROR') {
      return {
        title: SETTINGS_MESSAGES.networkError,
        description: SETTINGS_MESSAGES.networkErrorDescription,
      };
    }
    if (error.code === SETTINGS_ERROR_CODES.COMPANY_NOT_IDENTIFIED) {
      return {
        title: SETTINGS_MESSAGES.companyIdError,
        description: SETTINGS_MESSAGES.companyIdErrorDescription,
      };
    }
    if (error.message) return { title: SETTINGS_MESSAGES.settingsFailed, description: error.message };
  }
  return { title: SETTINGS_MESSAGES.settingsFailed, description: SETTINGS_MESSAGES.settingsFailedFallback };
}
