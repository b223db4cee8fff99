/**
 * One-statement reads in one round trip (ADR 0150): the same rows as `withTenant`, the tenant fenced
 * by row-level security, parameters read exactly as parameters, read-only, and no role or tenant left
 * on a pooled connection after a read or a failed one (on PostgreSQL; PGlite runs `withTenant`).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl, useTestApp } from '../../test/test-context.ts';
import { rowsOf } from './client.ts';
import { withTenant } from './tenant.ts';
import { inlineParameters, readWithTenant } from './tenant-read.ts';

describe('inlineParameters', () => {
  it('writes each parameter as a quoted literal in place of its placeholder', () => {
    expect(inlineParameters('select $1, $2::date, $10', [5, '2026-03-16', 1, 2, 3, 4, 5, 6, 7, 'x'])).toBe(
      "select '5', '2026-03-16'::date, 'x'",
    );
    expect(inlineParameters('select $1, $2, $3', [null, true, 12n])).toBe("select null, 'true', '12'");
  });

  it('escapes quotes and backslashes so a value can never end its literal', () => {
    expect(inlineParameters('select $1', ["it's"])).toBe("select 'it''s'");
    expect(inlineParameters('select $1', ["a\\'; drop table x; --"])).toBe(
      "select  E'a\\\\''; drop table x; --'",
    );
  });

  it('leaves placeholders inside quoted strings, quoted identifiers and comments alone', () => {
    expect(inlineParameters(`select '$1', "$1", $1 -- $1\n, /* $1 */ $2`, ['a', 'b'])).toBe(
      `select '$1', "$1", 'a' -- $1\n, /* $1 */ 'b'`,
    );
    expect(inlineParameters(`select 'it''s $1', $1`, ['a'])).toBe(`select 'it''s $1', 'a'`);
    expect(inlineParameters(`select E'\\' $1', $1`, ['a'])).toBe(`select E'\\' $1', 'a'`);
  });

  it('refuses what is not one plain statement, and values it cannot write', () => {
    expect(inlineParameters('select 1; select 2', [])).toBeUndefined();
    expect(inlineParameters('select $$x$$', [])).toBeUndefined();
    expect(inlineParameters("select 'open", [])).toBeUndefined();
    expect(inlineParameters('select /* open', [])).toBeUndefined();
    expect(inlineParameters('select $2', ['a'])).toBeUndefined();
    expect(inlineParameters('select $1', [new Date()])).toBeUndefined();
    expect(inlineParameters('select $1', [['a']])).toBeUndefined();
    expect(inlineParameters('select $1', [Number.NaN])).toBeUndefined();
  });
});

describe('readWithTenant', () => {
  const t = useTestApp();
  let northwind: string;
  let southbank: string;
  beforeAll(async () => {
    const rows = rowsOf<{ id: string; name: string }>(
      await t.app.database.db.execute(sql`select id, name from companies`),
    );
    northwind = rows.find((r) => r.name.startsWith('Northwind'))?.id as string;
    southbank = rows.find((r) => r.name.startsWith('Southbank'))?.id as string;
  });
  const tenant = (companyId: string) => ({ companyId, userId: null, role: 'super_admin' as const });

  it('returns the rows withTenant returns: dates, times, numbers, booleans, json, arrays', async () => {
    const query = sql`
      select r.id, r.start_date, r.end_date, r.submitted_at, r.reviewed_at, r.status, r.working_days, r.start_half_day,
        e.full_name, (select count(*) from holiday_requests) as total, json_build_object('id', r.id) as j,
        array[r.start_date] as dates, array[1, 2] as ints
      from holiday_requests r join employee_records e on e.id = r.employee_record_id
      where r.company_id = ${northwind} and r.start_date >= ${'2000-01-01'}::date and r.working_days >= ${0}
      order by r.id limit ${20}`;
    const expected = await withTenant(t.app.database.db, tenant(northwind), async (tx) =>
      rowsOf(await tx.execute(query)),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await readWithTenant(t.app.database.db, tenant(northwind), query)).toEqual(expected);
  });

  it('shows a company only its own rows', async () => {
    const mine = await readWithTenant<{ company_id: string }>(
      t.app.database.db,
      tenant(southbank),
      sql`select company_id from employee_records`,
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.company_id))).toEqual(new Set([southbank]));
    expect(
      await readWithTenant(
        t.app.database.db,
        tenant(southbank),
        sql`select id from employee_records where company_id = ${northwind}`,
      ),
    ).toEqual([]);
  });

  it('reads a parameter exactly as sent, whatever its characters', async () => {
    for (const value of ["it's", "a\\'; select 1; --", '$1 $$ /* -- */ "x"', 'é ☃ \t\n']) {
      const [row] = await readWithTenant<{ v: string }>(
        t.app.database.db,
        tenant(northwind),
        sql`select ${value}::text as v`,
      );
      expect(row?.v).toBe(value);
    }
  });

  it.runIf(postgresUrl)('refuses to write', async () => {
    await expect(
      readWithTenant(
        t.app.database.db,
        tenant(northwind),
        sql`update employee_records set full_name = full_name where company_id = ${northwind}`,
      ),
    ).rejects.toThrow(/read-only/);
  });

  it('leaves no role and no tenant on the pooled connections, after a read or a failed one', async () => {
    const { db } = t.app.database;
    await readWithTenant(db, tenant(northwind), sql`select ${1}::int as one`);
    await expect(readWithTenant(db, tenant(northwind), sql`select 1 / ${0}::int`)).rejects.toThrow();
    await expect(
      readWithTenant(db, tenant(northwind), sql`select * from auth_users where id = ${northwind}`),
    ).rejects.toThrow();
    // Every connection of the pool (the test pool has four) at once, outside any transaction.
    const states = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.execute(
          sql`select current_user as "user", coalesce(current_setting('app.company_id', true), '') as company,
            current_setting('transaction_read_only') as ro, pg_sleep(0.05)::text`,
        ),
      ),
    );
    for (const result of states) {
      const [state] = rowsOf<{ user: string; company: string; ro: string }>(result);
      expect(state?.user).not.toBe('app_user');
      expect(state?.company).toBe('');
      expect(state?.ro).toBe('off');
    }
  });
});
