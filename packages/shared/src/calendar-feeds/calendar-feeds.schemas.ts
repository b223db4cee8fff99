/** Secret iCalendar feed URLs (issue 19, ADR 0099): contracts shared by the server and the browser. */
import { z } from 'zod';

// The constants the browser shows live in a zod-free module (ADR 0130); re-exported here.
import { CALENDAR_FEED_SCOPES } from './calendar-feed-constants.ts';

export {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_SCOPE_LABELS,
  CALENDAR_FEED_SCOPES,
  CALENDAR_FEEDS_MAX_ACTIVE,
  type CalendarFeedScope,
} from './calendar-feed-constants.ts';

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
