/** The Slack feature's limits, timings and texts, without zod: the app shell's header imports them. */

/** Slack limits: history and poll sizes, poll interval, channel cache life, retries, the OAuth popup. */
export const SLACK_HISTORY_LIMIT = 50;
export const SLACK_POLL_LIMIT = 10;
export const SLACK_POLL_INTERVAL_MS = 3000;
export const SLACK_CHANNEL_CACHE_MS = 5 * 60 * 1000;
export const SLACK_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
export const SLACK_OAUTH_POPUP_TIMEOUT_MS = 5 * 60 * 1000;
export const SLACK_OAUTH_POPUP_SIZE = 600;
/** User scopes asked for at connect; im:read and groups:read are the ones a missing_scope names. */
export const SLACK_USER_SCOPES = [
  'channels:read',
  'channels:history',
  'groups:read',
  'groups:history',
  'im:read',
  'mpim:read',
  'chat:write',
  'users:read',
] as const;

/** Slack errors that mean the stored token no longer works (the user must connect again). */
export const SLACK_TOKEN_EXPIRED_ERRORS = [
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'unauthorized',
] as const;

export function isTokenExpiredError(error: string | undefined): boolean {
  return (SLACK_TOKEN_EXPIRED_ERRORS as readonly string[]).includes(error ?? '');
}

export const SLACK_MESSAGES = {
  connectedTitle: 'Success!',
  connectedDescription: 'Connected to Slack successfully',
  connectionFailed: 'Connection Failed',
  appConfigurationError: 'Slack App Configuration Error',
  appDistributionHint:
    'If connecting fails for workspaces other than the one the Slack app was created in, enable public distribution in the Slack app settings (Manage Distribution).',
  popupBlocked: 'Failed to open authorization popup. Please allow popups and try again.',
  reconnectionFailedTitle: 'Reconnection Failed',
  reconnectionFailed: 'Failed to reconnect to Slack. Please try again.',
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Your Slack session has expired. Please reconnect to continue using chat.',
  permissionsTitle: 'Slack Permissions Error',
  permissions: 'Slack is missing permissions. Please ask an admin to update the app scopes.',
  permissionsInline:
    'The Slack app needs the im:read and groups:read scopes. Please ask an admin to update the app scopes.',
  connectionErrorTitle: 'Connection Error',
  connectionRetriesExhausted: 'Unable to connect to Slack after multiple attempts',
  connectFailed: 'Failed to connect to Slack. Please try again.',
  channelNotFoundTitle: 'Channel Not Found',
  channelNotFound: 'This conversation may no longer be available',
  accessDeniedTitle: 'Access Denied',
  accessDenied: "You don't have access to this conversation",
  messageLoadError: 'Message Load Error',
  errorTitle: 'Error',
  sendFailed: 'Failed to send message',
  disconnected: 'Disconnected',
  disconnectionError: 'Disconnection Error',
  reconnectToSlack: 'Reconnect to Slack',
  retryConnection: 'Retry Connection',
  notConfigured: 'Slack is not configured on this server.',
  invalidState: 'This Slack sign-in link is invalid or has already been used. Please try again.',
} as const;
