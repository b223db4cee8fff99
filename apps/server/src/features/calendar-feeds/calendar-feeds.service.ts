/**
 * Secret iCalendar feed URLs (issue 19, ADR 0099): create, list, revoke, and the feed itself. The token
 * (32 random bytes) is answered once; only its SHA-256 is stored. The iCalendar writer (ical-generator)
 * is loaded with the first feed served, not at start (ADR 0135).
 */
import { randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEEDS_MAX_ACTIVE,
  type CalendarFeedScope,
  type CalendarFeedSettings,
  type CalendarFeedsResponse,
  type CreatedCalendarFeed,
  type createCalendarFeedSchema,
} from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import { HOLIDAY_TYPE_LABELS } from '@hr/shared/hr/holidays.schemas';
import { bankHolidaysOff } from '@hr/shared/leave/leave-days';
import { DEFAULT_REGION } from '@hr/shared/leave/public-holidays';
import type { Role } from '@hr/shared/roles';
import { addDays, isoDate } from '@hr/shared/working-days';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { sha256 } from '../../integrations/oauth-state.ts';
import { lazy } from '../../lazy.ts';
import { holidaySourceOf } from '../holidays/holidays.service.ts';
import {
  countActiveFeeds,
  type FeedLeaveRow,
  findCompanyFeedForEmployees,
  findFeedOwnerByHash,
  hasTeam,
  insertFeed,
  listFeedLeave,
  listFeedsOfUser,
  lockFeedsOfUser,
  revokeFeedOfUser,
  saveCompanyFeedForEmployees,
} from './calendar-feeds.repository.ts';

export interface CalendarFeedDeps {
  db: Db;
  /** PUBLIC_URL: the feed URLs are absolute, for calendar apps. */
  publicUrl: string;
}

type CreateInput = z.output<typeof createCalendarFeedSchema>;

/** How far back a feed reaches: a year of past leave, and every future approved request. */
const FEED_HISTORY_DAYS = 366;

/** The scopes a user may subscribe to: their own leave always; team with a team; company for super admins or when allowed. */
async function allowedScopesOf(
  tx: Tx,
  companyId: string,
  userId: string,
  role: Role | null,
): Promise<CalendarFeedScope[]> {
  const scopes: CalendarFeedScope[] = ['me'];
  if (await hasTeam(tx, companyId, userId)) scopes.push('team');
  const admin = role === 'super_admin' || role === 'developer';
  if (admin || (await findCompanyFeedForEmployees(tx, companyId))) scopes.push('company');
  return scopes;
}

export function feedUrl(publicUrl: string, token: string): string {
  return new URL(`/api/ical/${token}.ics`, publicUrl).toString();
}

export async function createCalendarFeed(
  deps: CalendarFeedDeps,
  principal: Principal,
  input: CreateInput,
): Promise<CreatedCalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const { companyId } = principal;
  const userId = principal.user.id;
  const created = await withTenant(deps.db, tenantOf(principal), async (tx) => {
    // Held to the commit, so a burst of creations is counted one after the other against the cap.
    await lockFeedsOfUser(tx, companyId, userId);
    const allowed = await allowedScopesOf(tx, companyId, userId, principal.role);
    if (!allowed.includes(input.scope)) {
      if (input.scope === 'company') throw errors.forbidden(CALENDAR_FEED_MESSAGES.companyNotAllowed);
      throw errors.validation({ scope: CALENDAR_FEED_MESSAGES.noTeam }, CALENDAR_FEED_MESSAGES.noTeam);
    }
    if ((await countActiveFeeds(tx, companyId, userId)) >= CALENDAR_FEEDS_MAX_ACTIVE) {
      throw errors.conflict(CALENDAR_FEED_MESSAGES.tooMany);
    }
    return insertFeed(tx, {
      companyId,
      userId,
      scope: input.scope,
      includeBankHolidays: input.includeBankHolidays,
      tokenHash: sha256(token),
    });
  });
  return { id: created.id, url: feedUrl(deps.publicUrl, token) };
}

export async function listCalendarFeeds(db: Db, principal: Principal): Promise<CalendarFeedsResponse> {
  return withTenant(db, tenantOf(principal), async (tx) => {
    const rows = await listFeedsOfUser(tx, principal.companyId, principal.user.id);
    return {
      items: rows.map((r) => ({
        id: r.id,
        scope: r.scope,
        includeBankHolidays: r.includeBankHolidays,
        createdAt: r.createdAt.toISOString(),
        revokedAt: r.revokedAt?.toISOString() ?? null,
      })),
      allowedScopes: await allowedScopesOf(tx, principal.companyId, principal.user.id, principal.role),
    };
  });
}

/** Revokes one of the user's own live feeds (404 for another's, an unknown id or one already revoked). */
export async function revokeCalendarFeed(db: Db, principal: Principal, id: string): Promise<void> {
  const revoked = await withTenant(db, tenantOf(principal), (tx) =>
    revokeFeedOfUser(tx, principal.companyId, principal.user.id, id),
  );
  if (!revoked) throw errors.notFound(CALENDAR_FEED_MESSAGES.notFound);
}

export async function getCalendarFeedSettings(db: Db, principal: Principal): Promise<CalendarFeedSettings> {
  const allowed = await withTenant(db, tenantOf(principal), (tx) =>
    findCompanyFeedForEmployees(tx, principal.companyId),
  );
  return { companyFeedForEmployees: allowed };
}

export async function saveCalendarFeedSettings(
  db: Db,
  principal: Principal,
  input: CalendarFeedSettings,
): Promise<CalendarFeedSettings> {
  await withTenant(db, tenantOf(principal), (tx) =>
    saveCompanyFeedForEmployees(tx, principal.companyId, input.companyFeedForEmployees),
  );
  return input;
}

/**
 * "Alice Anders: Annual Leave (½ day, PM)", or "Alice Anders: Away" for a viewer who may not know the
 * type (ADR 0050). Halves are marked AM/PM: one day from midday is PM, one ending at midday AM; a longer
 * span says "starts PM" / "ends AM".
 */
function summaryOf(row: FeedLeaveRow, knowsType: boolean): string {
  const what = knowsType ? HOLIDAY_TYPE_LABELS[row.holidayType] : CALENDAR_FEED_MESSAGES.away;
  const halves: string[] = [];
  if (row.startDate === row.endDate) {
    if (row.startHalfDay && !row.endHalfDay) halves.push('½ day, PM');
    else if (row.endHalfDay && !row.startHalfDay) halves.push('½ day, AM');
    else if (row.startHalfDay) halves.push('½ day');
  } else {
    if (row.startHalfDay) halves.push('starts PM');
    if (row.endHalfDay) halves.push('ends AM');
  }
  return `${row.employeeName}: ${what}${halves.length ? ` (${halves.join(', ')})` : ''}`;
}

const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

const loadIcalGenerator = lazy(() => import('ical-generator'));

/**
 * The feed of a token as RFC 5545 text, or null (404) when the token names no live feed or its owner
 * may no longer see that scope. Read through the owner's tenant transaction (RLS), as the owner.
 */
export async function renderCalendarFeed(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<{ text: string; name: string } | null> {
  const owner = await findFeedOwnerByHash(db, sha256(token));
  if (!owner) return null;
  const today = isoDate(now);
  const from = addDays(today, -FEED_HISTORY_DAYS);
  const tenant = { companyId: owner.companyId, userId: owner.userId, role: owner.role };
  const data = await withTenant(db, tenant, async (tx) => {
    const allowed = await allowedScopesOf(tx, owner.companyId, owner.userId, owner.role);
    if (!allowed.includes(owner.scope)) return null;
    const leave = await listFeedLeave(tx, owner.companyId, owner.userId, owner.scope, from);
    const yearEnd = `${now.getUTCFullYear() + 1}-12-31`;
    const source = owner.includeBankHolidays
      ? await holidaySourceOf(tx, owner.companyId, owner.userId, from, yearEnd)
      : null;
    return { leave, source, yearEnd };
  });
  if (!data) return null;

  const { default: ical, ICalCalendarMethod } = await loadIcalGenerator();
  const name = `Northwind HR: ${owner.scope === 'me' ? 'my leave' : owner.scope === 'team' ? 'my team' : 'company'}`;
  const calendar = ical({
    name,
    prodId: { company: 'Northwind HR', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  const seesAll = owner.role === 'super_admin';
  for (const row of data.leave) {
    const knowsType = seesAll || row.employeeUserId === owner.userId || row.lineManagerId === owner.userId;
    calendar.createEvent({
      id: `${row.id}@northwind-hr`,
      allDay: true,
      start: dateOf(row.startDate),
      // DATE values: DTEND is exclusive, the day after the last day.
      end: dateOf(addDays(row.endDate, 1)),
      stamp: row.stamp,
      summary: summaryOf(row, knowsType),
    });
  }
  if (data.source) {
    const holidays = bankHolidaysOff(
      {
        pattern: [],
        region: data.source.region ?? DEFAULT_REGION,
        companyDays: data.source.workedHolidays.map((date) => ({
          date,
          kind: 'worked_holiday' as const,
          name: '',
          countsAsLeave: false,
        })),
      },
      from,
      data.yearEnd,
    );
    for (const holiday of holidays) {
      calendar.createEvent({
        id: `bank-holiday-${holiday.date}-${owner.feedId}@northwind-hr`,
        allDay: true,
        start: dateOf(holiday.date),
        end: dateOf(addDays(holiday.date, 1)),
        stamp: dateOf(holiday.date),
        summary: `Bank holiday: ${holiday.name}`,
      });
    }
  }
  return { text: calendar.toString(), name };
}
