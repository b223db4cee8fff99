/**
 * The holiday year computed in SQL for the employee list's balances (ADR 0140) is the one
 * `holidayYearWindow` computes, for every start month and days around every month's edges, leap
 * years included. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */
import { holidayYearWindow } from '@hr/shared/hr/holiday-rules';
import { addDays } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { holidayYearEndSql, holidayYearStartSql } from './leave.repository.ts';

const t = useTestApp({ seed: false });

describe('the holiday year in SQL', () => {
  it('matches holidayYearWindow for every start month', async () => {
    const days: string[] = [];
    for (const year of [2023, 2024, 2025, 2028]) {
      for (let month = 1; month <= 12; month++) {
        const first = `${year}-${String(month).padStart(2, '0')}-01`;
        days.push(first, addDays(first, -1), addDays(first, 14));
      }
    }
    const cases = days.flatMap((day) => Array.from({ length: 12 }, (_, i) => ({ day, month: i + 1 })));
    const rows = rowsOf<{ day: string; month: number; start: string; end: string }>(
      await t.app.admin.execute(sql`
        select c.day::text as day, c.month, y.start::text as start,
          ${holidayYearEndSql(sql.raw('y.start'), sql.raw('c.month'))}::text as "end"
        from json_to_recordset(${JSON.stringify(cases)}::json) as c(day date, month int)
        cross join lateral (select ${holidayYearStartSql(sql.raw('c.day'), sql.raw('c.month'))} as start) y`),
    );
    expect(rows).toHaveLength(cases.length);
    for (const row of rows) {
      expect({ start: row.start, end: row.end }, `${row.day}, month ${row.month}`).toEqual(
        holidayYearWindow(row.day, row.month),
      );
    }
  });
});
