/**
 * Calendar feeds' scopes, labels and messages, without zod: the holidays page's Overview shows them
 * and must not load zod to do so (ADR 0130). `calendar-feeds.schemas.ts` re-exports them.
 */
export const CALENDAR_FEED_SCOPES = ['me', 'team', 'company'] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];

export const CALENDAR_FEED_SCOPE_LABELS: Record<CalendarFeedScope, string> = {
  me: 'My leave',
  team: 'My team',
  company: 'Whole company',
};

/** How many live (not revoked) feeds one user may hold: enough for every device, not a flood of tokens. */
export const CALENDAR_FEEDS_MAX_ACTIVE = 10;

export const CALENDAR_FEED_MESSAGES = {
  noTeam: 'You have no team: nobody reports to you and you have no line manager.',
  companyNotAllowed: 'Only super admins may subscribe to the whole company calendar.',
  tooMany: `You can have at most ${CALENDAR_FEEDS_MAX_ACTIVE} calendar feeds. Revoke one first.`,
  notFound: 'Calendar feed not found',
  created: 'Calendar feed created. Copy the URL now: it is shown only once.',
  revoked: 'Calendar feed revoked',
  copied: 'Feed URL copied',
  away: 'Away',
} as const;
