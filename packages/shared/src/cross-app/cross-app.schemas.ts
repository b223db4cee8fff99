/** Cross-app navigation to the sister CRM and HR apps with a one-time code (ADR 0032). */
import { z } from 'zod';

export const CROSS_APP_TARGETS = ['crm', 'hr'] as const;
export type CrossAppTarget = (typeof CROSS_APP_TARGETS)[number];
export const CROSS_APP_TARGET_LABELS: Record<CrossAppTarget, string> = { crm: 'CRM', hr: 'HR' };
export const CROSS_APP_CODE_TTL_MS = 60_000;
/** The query parameter a sister app opens us with, and we open it with. */
export const CROSS_APP_PARAM = 'crossApp';

export const breadcrumbSchema = z
  .array(z.strictObject({ title: z.string().max(100), path: z.string().max(500) }))
  .max(10);

export const createCrossAppLinkSchema = z.strictObject({
  target: z.enum(CROSS_APP_TARGETS),
  returnUrl: z.string().max(2000),
  breadcrumb: breadcrumbSchema.default([]),
});

export const exchangeCrossAppCodeSchema = z.strictObject({ code: z.string().min(1).max(200) });

export interface CrossAppTargetInfo {
  target: CrossAppTarget;
  label: string;
}

export interface CrossAppContext {
  userId: string;
  companyId: string;
  email: string;
  source: string;
  returnUrl: string;
  breadcrumb: { title: string; path: string }[];
}

/** What a sister app puts in `?crossApp=` when it sends the user back: no secrets, the session is ours. */
export const returnContextSchema = z.object({
  source: z.string().min(1).max(50),
  returnUrl: z.string().max(2000).optional(),
});
export type ReturnContext = z.infer<typeof returnContextSchema>;

export const CROSS_APP_MESSAGES = {
  authRequired: 'Authentication required for cross-app navigation',
  authFailed: 'Failed to authenticate from source app',
  returnedFrom: (source: string) => `Returned from ${source} app`,
  goBack: 'Go Back',
  notConfigured: 'This app link is not configured.',
  invalidCode: 'This code is invalid, expired or already used.',
} as const;
