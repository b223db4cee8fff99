/**
 * The company's own calendar (ADR 0086): closure days, charged as leave or not, and public holidays the
 * company works. Requests already booked keep the working days stored at booking.
 */
import {
  type CalendarDayKind,
  type CompanyCalendarDayItem,
  type CompanyCalendarDaysResponse,
  type companyCalendarDayInputSchema,
  LEAVE_MESSAGES,
} from '@hr/shared/leave/calendar-days.schemas';
import { DEFAULT_REGION, publicHolidaysOf } from '@hr/shared/leave/public-holidays';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { errors } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteCalendarDay,
  findDefaultRegion,
  insertCalendarDay,
  listCalendarDays,
} from './calendar-days.repository.ts';

type CalendarDayInput = z.output<typeof companyCalendarDayInputSchema>;

function toItem(row: { id: string; date: string; kind: string; name: string; countsAsLeave: boolean }) {
  return { ...row, kind: row.kind as CalendarDayKind } satisfies CompanyCalendarDayItem;
}

export async function getCalendarDays(db: Db, principal: Principal): Promise<CompanyCalendarDaysResponse> {
  const rows = await withTenant(db, tenantOf(principal), (tx) => listCalendarDays(tx, principal.companyId));
  return { items: rows.map(toItem) };
}

/**
 * Adds a closure or a worked holiday. A worked holiday must be a public holiday of the company's
 * default region; one date holds one entry.
 */
export async function addCalendarDay(
  db: Db,
  principal: Principal,
  input: CalendarDayInput,
): Promise<CompanyCalendarDayItem> {
  const row = await withTenant(db, tenantOf(principal), async (tx) => {
    if (input.kind === 'worked_holiday') {
      const region = (await findDefaultRegion(tx, principal.companyId)) ?? DEFAULT_REGION;
      const holidays = publicHolidaysOf(region, Number(input.date.slice(0, 4)));
      if (!holidays.some((h) => h.date === input.date)) {
        throw errors.validation({ date: LEAVE_MESSAGES.notAPublicHoliday }, LEAVE_MESSAGES.notAPublicHoliday);
      }
    }
    const saved = await insertCalendarDay(tx, { companyId: principal.companyId, ...input });
    await recordAudit(tx, principal, {
      kind: 'settings.changed',
      targetType: 'calendar_day',
      targetId: saved.id,
      targetLabel: input.date,
      after: { ...input },
    });
    return saved;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err, 'company_calendar_days_company_date_key')) {
      throw errors.conflict(LEAVE_MESSAGES.dateTaken);
    }
    throw err;
  });
  return toItem(row);
}

export async function removeCalendarDay(db: Db, principal: Principal, id: string): Promise<void> {
  const removed = await withTenant(db, tenantOf(principal), async (tx) => {
    const gone = await deleteCalendarDay(tx, principal.companyId, id);
    if (gone) {
      await recordAudit(tx, principal, {
        kind: 'settings.changed',
        targetType: 'calendar_day',
        targetId: id,
        targetLabel: gone.date,
        before: gone,
      });
    }
    return gone;
  });
  if (!removed) throw errors.notFound(LEAVE_MESSAGES.calendarDayNotFound);
}
