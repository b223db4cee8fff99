/**
 * Contracts of the leave calendar: region keys, working patterns, company closure days and worked
 * public holidays, and the public-holiday list. Zod only (the browser imports it): whether a region key
 * is one the holiday library knows is checked on the server (`isKnownRegion`).
 */
import { z } from 'zod';
import { WEEKDAYS } from '../company/company-settings.ts';
import { isoDateSchema } from '../dates.ts';
import { wholeNumberParam } from '../query-numbers.ts';

export const CALENDAR_DAY_KINDS = ['closure', 'worked_holiday'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];

export const CALENDAR_DAY_KIND_LABELS: Record<CalendarDayKind, string> = {
  closure: 'Company closure',
  worked_holiday: 'Worked public holiday',
};

export const LEAVE_MESSAGES = {
  unknownRegion: 'Choose a region from the list',
  patternEmpty: 'Choose at least one working day',
  nameRequired: 'Name is required',
  dateTaken: 'This date is already in the company calendar',
  notAPublicHoliday: "This date is not a public holiday in the company's default region",
  calendarDayNotFound: 'Calendar day not found',
  loadCalendarDaysFailed: 'Failed to load company calendar days',
} as const;

/** A region key: gov.uk's (`scotland`) or date-holidays' country / state (`de`, `de-by`). */
export const regionKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,}(-[a-z0-9]+)*$/, LEAVE_MESSAGES.unknownRegion)
  .max(40, LEAVE_MESSAGES.unknownRegion);

/**
 * An employee's own region: a key, or null (or '') for the company's default; absent leaves it as it
 * is (an edit from a form that does not show it).
 */
export const employeeRegionSchema = z
  .union([z.literal(''), regionKeySchema, z.null()], { error: LEAVE_MESSAGES.unknownRegion })
  .optional()
  .transform((v) => (v === '' ? null : v));

/**
 * An employee's own working week (a non-empty set of weekdays, stored in week order), or null for the
 * company's; absent leaves it as it is.
 */
export const workingPatternSchema = z
  .array(z.enum(WEEKDAYS, { error: LEAVE_MESSAGES.patternEmpty }), { error: LEAVE_MESSAGES.patternEmpty })
  .max(7)
  .nullable()
  .optional()
  .transform((v) => (v == null ? v : WEEKDAYS.filter((d) => v.includes(d))))
  .refine((v) => v == null || v.length > 0, { message: LEAVE_MESSAGES.patternEmpty });

export const companyCalendarDaySchema = z.object({
  id: z.uuid(),
  date: z.string(),
  kind: z.enum(CALENDAR_DAY_KINDS),
  name: z.string(),
  countsAsLeave: z.boolean(),
});
export type CompanyCalendarDayItem = z.infer<typeof companyCalendarDaySchema>;

/** `POST /api/v1/settings/calendar-days`. A worked holiday is never charged as leave. */
export const companyCalendarDayInputSchema = z
  .object({
    date: isoDateSchema('Date is required'),
    kind: z.enum(CALENDAR_DAY_KINDS),
    name: z
      .string({ error: LEAVE_MESSAGES.nameRequired })
      .trim()
      .min(1, LEAVE_MESSAGES.nameRequired)
      .max(100),
    countsAsLeave: z.boolean().default(false),
  })
  .transform((v) => ({ ...v, countsAsLeave: v.kind === 'closure' && v.countsAsLeave }));
export type CompanyCalendarDayInput = z.input<typeof companyCalendarDayInputSchema>;

export const companyCalendarDaysResponseSchema = z.object({ items: z.array(companyCalendarDaySchema) });
export type CompanyCalendarDaysResponse = z.infer<typeof companyCalendarDaysResponseSchema>;

export const publicHolidaySchema = z.object({ date: z.string(), name: z.string() });

/** `GET /api/v1/holidays/public-holidays?year=`: the signed-in employee's region's days off and the company's days. */
export const publicHolidaysQuerySchema = z.object({
  year: wholeNumberParam('Year', 1900, 2999),
});
export const publicHolidaysResponseSchema = z.object({
  region: z.string(),
  /** Bank holidays of the region the company does not work. */
  holidays: z.array(publicHolidaySchema),
  /** The company's closures and worked holidays of the year. */
  companyDays: z.array(companyCalendarDaySchema.omit({ id: true })),
});
export type PublicHolidaysResponse = z.infer<typeof publicHolidaysResponseSchema>;

/** `GET /api/v1/holidays/regions`: every region key a company or employee may choose. */
export const regionsResponseSchema = z.object({
  items: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;
