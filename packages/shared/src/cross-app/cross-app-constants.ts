/** Cross-app targets, the link parameter and texts, without zod: the app shell imports them. */
export const CROSS_APP_TARGETS = ['crm', 'hr'] as const;
export type CrossAppTarget = (typeof CROSS_APP_TARGETS)[number];
export const CROSS_APP_TARGET_LABELS: Record<CrossAppTarget, string> = { crm: 'CRM', hr: 'HR' };
export const CROSS_APP_CODE_TTL_MS = 60_000;
/** The query parameter a sister app opens us with, and we open it with. */
export const CROSS_APP_PARAM = 'crossApp';

export const CROSS_APP_MESSAGES = {
  authRequired: 'Authentication required for cross-app navigation',
  authFailed: 'Failed to authenticate from source app',
  returnedFrom: (source: string) => `Returned from ${source} app`,
  goBack: 'Go Back',
  notConfigured: 'This app link is not configured.',
  invalidCode: 'This code is invalid, expired or already used.',
} as const;
