/**
 * The balance card reads everything in one statement (ADR 0121, amended): the record, the settings,
 * the holiday year worked out in SQL, the year's ledger entries and its requests summed per type. It
 * must give exactly what the part-by-part read gives (`balancesOfRecords`: the settings, then the
 * entries and the sums of the allowance types), whatever the year's start month, on either side of
 * the year's edge, for any set of allowance types, and for a company that never saved settings.
 */

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { NO_DATA_VERSIONS } from '../../db/data-areas.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { findBalanceSourceOfUser } from './leave.repository.ts';
import { balancesOfRecords, getMyLeaveBalance } from './leave.service.ts';

const t = useTestApp();

const ON = [
  '2026-01-01',
  '2026-03-31',
  '2026-04-01',
  '2026-10-31',
  '2026-11-01',
  '2026-12-31',
  '2027-02-28',
  '2027-06-15',
  '2027-11-30',
  '2028-02-29',
];

describe("the balance card's one-statement read", () => {
  it('equals the part-by-part read for every start month, date, set of allowance types and no settings', async () => {
    const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
    const [alice] = await run<{
      id: string;
      company_id: string;
      user_id: string;
      email: string;
      full_name: string;
    }>(
      sql`select id, company_id, user_id, email, full_name from employee_records where email = 'alice@northwind.example'`,
    );
    if (!alice) throw new Error('no demo record for alice');
    const record = (
      await run<{ id: string; startDate: string; endDate: string | null; annualHolidayDays: number }>(
        sql`select id, start_date::text as "startDate", end_date::text as "endDate",
          annual_holiday_days::float8 as "annualHolidayDays" from employee_records where id = ${alice.id}`,
      )
    )[0];
    if (!record) throw new Error('no record');
    const principal: Principal = {
      user: { id: alice.user_id, email: alice.email, emailVerified: true, name: alice.full_name },
      sessionId: 'test',
      companyId: alice.company_id,
      role: 'operative',
      levels: {},
      dataVersions: NO_DATA_VERSIONS,
      mustChangePassword: false,
      ipAddress: null,
    };

    // Requests of several types and every status, whole and half days, either side of each year edge.
    const requests: [string, string, string, number][] = [
      ['2026-02-10', 'annual', 'approved', 3],
      ['2026-03-30', 'annual', 'pending', 0.5],
      ['2026-04-02', 'personal', 'approved', 2],
      ['2026-05-11', 'sick', 'approved', 4],
      ['2026-10-30', 'annual', 'rejected', 5],
      ['2026-11-02', 'annual', 'approved', 1.5],
      ['2026-12-21', 'personal', 'pending', 1],
      ['2027-01-04', 'annual', 'cancelled', 2],
      ['2027-03-15', 'annual', 'approved', 5],
      ['2027-08-02', 'sick', 'pending', 2],
      ['2027-11-15', 'annual', 'pending', 3],
      ['2028-02-14', 'personal', 'approved', 1],
    ];
    for (const [day, type, status, days] of requests) {
      await run(sql`insert into holiday_requests (company_id, employee_record_id, start_date, end_date, status,
          holiday_type, working_days, days_requested)
        values (${alice.company_id}, ${alice.id}, ${day}::date, ${day}::date, ${status}, ${type}, ${days}, ${days})`);
    }
    // Ledger entries of years starting in January, April and November (besides the demo's), two
    // adjustments in one year.
    for (const [start, kind, days] of [
      ['2026-01-01', 'entitlement', 25],
      ['2026-01-01', 'adjustment', 1],
      ['2026-01-01', 'adjustment', -0.5],
      ['2026-04-01', 'entitlement', 26],
      ['2026-04-01', 'carry_over_in', 3],
      ['2026-11-01', 'opening_balance', 7.5],
      ['2027-01-01', 'entitlement', 28],
      ['2027-04-01', 'carry_over_expired', -2],
    ] as const) {
      await run(sql`insert into leave_ledger_entries (company_id, employee_record_id, holiday_year_start, kind, days, reason)
        values (${alice.company_id}, ${alice.id}, ${start}::date, ${kind}, ${days}, ${`${kind} ${days}`}) on conflict do nothing`);
    }

    const compare = async (label: string) => {
      const seen: number[] = [];
      for (const on of ON) {
        const actual = await getMyLeaveBalance(t.app.database.db, principal, on);
        const expected = await withTenant(t.app.database.db, tenantOf(principal), async (tx) =>
          (await balancesOfRecords(tx, alice.company_id, [record], on)).get(record.id),
        );
        expect(expected, `${label} on ${on}`).toBeDefined();
        expect(actual, `${label} on ${on}`).toEqual(expected);
        // The statement's own year is the rules' year (else the service falls back to two statements).
        const source = await withTenant(t.app.database.db, tenantOf(principal), (tx) =>
          findBalanceSourceOfUser(tx, alice.company_id, alice.user_id, on, 1),
        );
        expect(source?.yearStart, `${label} on ${on}`).toBe(expected?.yearStart);
        expect(source?.record).toMatchObject(record);
        seen.push(actual?.used ?? 0, actual?.pending ?? 0);
      }
      return seen;
    };
    const figures: number[] = [];
    for (const month of [1, 4, 11]) {
      for (const types of [['annual'], ['annual', 'personal'], ['sick']]) {
        await run(sql`update company_settings set holiday_year_start_month = ${month},
          allowance_leave_types = ${`{${types.join(',')}}`}::text[] where company_id = ${alice.company_id}`);
        figures.push(...(await compare(`start month ${month}, allowance types ${types.join('+')}`)));
      }
    }
    await run(sql`delete from company_settings where company_id = ${alice.company_id}`);
    figures.push(...(await compare('no settings row')));
    // Not a comparison of zeros: the cases above see many different totals.
    expect(new Set(figures).size).toBeGreaterThan(5);
  });
});
