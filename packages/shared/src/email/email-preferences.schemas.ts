/** Which optional emails a user receives (issue 19): each is on unless the user turned it off. */
import { z } from 'zod';

/** The emails a user may turn off. A password reset (and an invitation) is always sent. */
export const OPTIONAL_EMAIL_KINDS = ['new_request', 'decision', 'cancellation', 'leaver'] as const;
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

export const EMAIL_PREFERENCE_LABELS: Record<OptionalEmailKind, { label: string; description: string }> = {
  new_request: {
    label: 'New holiday requests',
    description: 'When someone asks you to approve their leave.',
  },
  decision: {
    label: 'Decisions on my requests',
    description: 'When your leave is approved or rejected.',
  },
  cancellation: {
    label: 'Cancelled leave',
    description: 'When approved leave you decided is cancelled.',
  },
  leaver: {
    label: "Leavers' last day",
    description: 'Super admins: on the last day of someone leaving the company.',
  },
};

export const emailPreferencesSchema = z
  .object({
    new_request: z.boolean(),
    decision: z.boolean(),
    cancellation: z.boolean(),
    leaver: z.boolean(),
  })
  .strict();
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const EMAIL_PREFERENCE_MESSAGES = {
  saved: 'Email preferences saved',
  saveFailed: 'Could not save your email preferences',
  loadFailed: 'Could not load your email preferences',
} as const;
