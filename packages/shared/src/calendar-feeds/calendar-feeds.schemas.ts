/** Secret iCalendar feed URLs (issue 19, ADR 0099): contracts shared by the server and the browser. */
import { z } from 'zod';

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

export const createCalendarFeedSchema = z.strictObject({
  scope: z.enum(CALENDAR_FEED_SCOPES, { error: 'Choose me, team or company' }),
  includeBankHolidays: z.boolean().default(false),
});
export type CreateCalendarFeedInput = z.input<typeof createCalendarFeedSchema>;

export const createdCalendarFeedSchema = z.object({
  id: z.string(),
  /** The full secret URL: answered once, never stored. */
  url: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

export const calendarFeedSchema = z.object({
  id: z.string(),
  scope: z.enum(CALENDAR_FEED_SCOPES),
  includeBankHolidays: z.boolean(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedsResponseSchema = z.object({
  items: z.array(calendarFeedSchema),
  /** Which scopes this user may create now (the server checks again on create). */
  allowedScopes: z.array(z.enum(CALENDAR_FEED_SCOPES)),
});
export type CalendarFeedsResponse = z.infer<typeof calendarFeedsResponseSchema>;

export const calendarFeedSettingsSchema = z.strictObject({
  companyFeedForEmployees: z.boolean({ error: 'Choose on or off' }),
});
export type CalendarFeedSettings = z.infer<typeof calendarFeedSettingsSchema>;

/** The feed path's last segment: 43 base64url characters (32 random bytes) and `.ics`. */
export const CALENDAR_FEED_FILE_PATTERN = /^[A-Za-z0-9_-]{43}\.ics$/;
