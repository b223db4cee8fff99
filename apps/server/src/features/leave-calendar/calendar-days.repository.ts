import type { CalendarDayKind } from '@hr/shared/leave/calendar-days.schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/core.ts';
import { companyCalendarDays } from '../../db/schema/hr.ts';

const columns = {
  id: companyCalendarDays.id,
  date: companyCalendarDays.date,
  kind: companyCalendarDays.kind,
  name: companyCalendarDays.name,
  countsAsLeave: companyCalendarDays.countsAsLeave,
};

export async function listCalendarDays(tx: Tx, companyId: string) {
  return tx
    .select(columns)
    .from(companyCalendarDays)
    .where(eq(companyCalendarDays.companyId, companyId))
    .orderBy(asc(companyCalendarDays.date));
}

export async function insertCalendarDay(
  tx: Tx,
  values: { companyId: string; date: string; kind: CalendarDayKind; name: string; countsAsLeave: boolean },
) {
  const [row] = await tx.insert(companyCalendarDays).values(values).returning(columns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteCalendarDay(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(companyCalendarDays)
    .where(and(eq(companyCalendarDays.companyId, companyId), eq(companyCalendarDays.id, id)))
    .returning({
      id: companyCalendarDays.id,
      date: companyCalendarDays.date,
      kind: companyCalendarDays.kind,
    });
  return rows[0] ?? null;
}

export async function findDefaultRegion(tx: Tx, companyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ region: companies.defaultRegion })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.region ?? null;
}
