/**
 * The employee list's capped count and keyset pages (ADR 0115), on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: 1,050 extra records of one company share one creation time, so the order rests on the
 * tie-breakers, and some of them are leavers.
 */
import { EMPLOYEE_COUNT_CAP, EMPLOYEE_MESSAGES } from '@hr/shared/hr/employees.schemas';
import { SEARCH_MAX_LENGTH, SEARCH_MESSAGES } from '@hr/shared/search';
import { isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type Json, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { encodeEmployeeCursor } from './employee-cursor.ts';

const t = useTestApp();
const BULK = 1050;

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

let southId = '';

beforeAll(async () => {
  const [row] = await query<{ company_id: string }>(
    sql`select p.company_id from profiles p join auth_users u on u.id = p.id where u.email = 'owner@southbank.example'`,
  );
  southId = row?.company_id as string;
  // One creation time for all (one import), employee numbers in an order unrelated to n, upper and
  // lower case mixed; odd n are welders; n <= 1000 in department "Exactly"; every 50th has left.
  await t.app.admin.execute(sql`
    insert into employee_records (company_id, full_name, email, position, department, employee_number,
      start_date, end_date, created_at)
    select ${southId}, 'Bulk Person ' || n, 'bulk' || n || '@southbank.example',
      case when n % 2 = 1 then 'Welder' else 'Painter' end,
      case when n <= 1000 then 'Exactly' else 'Other' end,
      case when n % 3 = 0 then 'b-' else 'B-' end || lpad(((n * 7919) % ${BULK})::text, 4, '0'),
      date '2019-01-07', case when n % 50 = 0 then date '2020-01-31' end,
      timestamptz '2030-01-01 09:00:00.123456+00'
    from generate_series(1, ${BULK}) n`);
});

/** Every page of a listing, by following nextCursor. */
async function walk(client: Awaited<ReturnType<typeof signedIn>>, params: string) {
  const ids: string[] = [];
  const totals = new Set<string>();
  let after: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const url = `/api/v1/employees?${params}${after ? `&after=${after}` : ''}`;
    const res = await client.get(url);
    expect(res.status, url).toBe(200);
    const page: Json = await json(res);
    ids.push(...page.items.map((e: { id: string }) => e.id));
    totals.add(`${page.total}${page.totalCapped ? '+' : ''}`);
    after = page.nextCursor;
    if (!after) return { ids, totals: [...totals] };
  }
  throw new Error('more than 100 pages');
}

async function expectedOrder(companyId: string, leavers: boolean): Promise<string[]> {
  const today = isoDate(new Date());
  const rows = await query<{ id: string }>(sql`select id from employee_records where company_id = ${companyId}
    and (${leavers} or end_date is null or end_date >= ${today})
    order by created_at, employee_number, id`);
  return rows.map((r) => r.id);
}

describe('the employee list counts up to a cap and pages by keyset', () => {
  it('visits every row exactly once, in order, with ties in the creation time', async () => {
    const south = await signedIn('owner@southbank.example');
    for (const [params, leavers] of [
      ['pageSize=200', false],
      ['pageSize=37&leavers=include', true],
    ] as const) {
      const { ids, totals } = await walk(south, params);
      const expected = await expectedOrder(southId, leavers);
      expect(expected.length).toBeGreaterThan(EMPLOYEE_COUNT_CAP);
      expect(new Set(ids).size, params).toBe(ids.length);
      expect(ids, params).toEqual(expected);
      // More than the cap match: the count stops there, on every page.
      expect(totals, params).toEqual([`${EMPLOYEE_COUNT_CAP}+`]);
    }
  });

  it('pages a search the same way, and counts a search below the cap exactly', async () => {
    const south = await signedIn('owner@southbank.example');
    const welders = await walk(south, 'search=welder&pageSize=100');
    expect(welders.ids).toHaveLength(BULK / 2);
    expect(new Set(welders.ids).size).toBe(BULK / 2);
    expect(welders.totals).toEqual([String(BULK / 2)]);
    // Both in the list's order, ties in the creation time included: a search within the cap and one
    // past it (whose count stops at the cap while its pages go on).
    const everyone = await expectedOrder(southId, false);
    const idsWhere = async (condition: ReturnType<typeof sql>) =>
      new Set(
        (await query<{ id: string }>(sql`select id from employee_records where ${condition}`)).map(
          (r) => r.id,
        ),
      );
    const isWelder = await idsWhere(sql`position = 'Welder'`);
    expect(welders.ids).toEqual(everyone.filter((id) => isWelder.has(id)));
    const isBulk = await idsWhere(sql`full_name like 'Bulk Person %'`);
    const broad = await walk(south, 'search=bulk%20person&pageSize=150');
    expect(broad.ids.length).toBeGreaterThan(EMPLOYEE_COUNT_CAP);
    expect(broad.ids).toEqual(everyone.filter((id) => isBulk.has(id)));
    // Exactly the cap is an exact count; leavers left out by default.
    const exact = await json(await south.get('/api/v1/employees?search=exactly&leavers=include'));
    expect(exact).toMatchObject({ total: 1000, totalCapped: false });
    const employed = await json(await south.get('/api/v1/employees?search=exactly'));
    expect(employed).toMatchObject({ total: 980, totalCapped: false });
    const bulk = await json(await south.get('/api/v1/employees?search=BULK%20person'));
    expect(bulk).toMatchObject({ total: EMPLOYEE_COUNT_CAP, totalCapped: true });
    expect(bulk.items).toHaveLength(50);
  });

  it('matches names, emails, employee numbers, positions and departments, case-insensitively', async () => {
    const south = await signedIn('owner@southbank.example');
    const numberOf17 = (
      await query<{ employee_number: string }>(
        sql`select employee_number from employee_records where email = 'bulk17@southbank.example'`,
      )
    )[0]?.employee_number as string;
    for (const [term, total] of [
      ['Bulk Person 17', 11], // 17, 170-179
      ['BULK17@', 1],
      [numberOf17.toLowerCase(), 1],
      ['painter', BULK / 2 - BULK / 50],
      ['other', 49], // 1,001-1,050 but the leaver 1,050
    ] as const) {
      const found = await json(await south.get(`/api/v1/employees?search=${encodeURIComponent(term)}`));
      expect(found.total, term).toBe(total);
      expect(found.totalCapped, term).toBe(false);
    }
  });

  it("keeps each company's rows to itself, cursor or not", async () => {
    const north = await signedIn('owner@northwind.example');
    const south = await signedIn('owner@southbank.example');
    const everyone = await json(await north.get('/api/v1/employees?pageSize=200&leavers=include'));
    expect(everyone.totalCapped).toBe(false);
    expect(JSON.stringify(everyone)).not.toContain('southbank.example');
    expect((await json(await north.get('/api/v1/employees?search=bulk&leavers=include'))).total).toBe(0);
    // A cursor only says where to start: Southbank's cursor, sent by Northwind, reads Northwind's rows.
    const southPage = await json(await south.get('/api/v1/employees?pageSize=5'));
    const borrowed = await json(await north.get(`/api/v1/employees?after=${southPage.nextCursor}`));
    expect(borrowed.total).toBeGreaterThan(0);
    for (const item of borrowed.items) expect(item.email).not.toContain('southbank');
    const firstOfSouth = southPage.items[0];
    const probe = encodeEmployeeCursor({
      createdAt: '2000-01-01T00:00:00.000000Z',
      employeeNumber: '',
      id: firstOfSouth.id,
    });
    const fromStart = await json(await north.get(`/api/v1/employees?after=${probe}&pageSize=200`));
    const employed = await json(await north.get('/api/v1/employees?pageSize=200'));
    expect(fromStart.items.map((e: { id: string }) => e.id)).toEqual(
      employed.items.map((e: { id: string }) => e.id),
    );
  });

  it('keeps offset pages for API callers, with a cursor to carry on', async () => {
    const south = await signedIn('owner@southbank.example');
    const first = await json(await south.get('/api/v1/employees?pageSize=20'));
    const second = await json(await south.get('/api/v1/employees?pageSize=10&page=2'));
    expect(second.items.map((e: { id: string }) => e.id)).toEqual(
      first.items.slice(10, 20).map((e: { id: string }) => e.id),
    );
    const third = await json(await south.get(`/api/v1/employees?pageSize=10&after=${second.nextCursor}`));
    const wide = await json(await south.get('/api/v1/employees?pageSize=30'));
    expect(third.items.map((e: { id: string }) => e.id)).toEqual(
      wide.items.slice(20, 30).map((e: { id: string }) => e.id),
    );
    // Past the end: no rows, no next page, the count still answered.
    const past = await json(await south.get('/api/v1/employees?search=welder&pageSize=100&page=50'));
    expect(past).toMatchObject({ items: [], total: BULK / 2, totalCapped: false, nextCursor: null });
  });

  it('refuses a cursor it did not make with a 400, before any SQL', async () => {
    const south = await signedIn('owner@southbank.example');
    const uuid = '00000000-0000-4000-8000-000000000001';
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const after of [
      'not-a-cursor',
      forged(['2026-02-29T00:00:00.000000Z', 'E1', uuid]), // 2026 is no leap year
      forged(['2026-13-01T00:00:00.000000Z', 'E1', uuid]),
      forged(['0000-01-01T00:00:00.000000Z', 'E1', uuid]),
      forged(['2026-01-01T00:00:00.000000Z', 'E\u00001', uuid]),
      forged(['2026-01-01T00:00:00.000000Z', 'E1', 'not-a-uuid']),
      forged({ createdAt: '2026-01-01T00:00:00.000000Z' }),
      'a'.repeat(1001),
      '%2B%2F',
    ]) {
      const res = await south.get(`/api/v1/employees?after=${after}`);
      expect(res.status, after).toBe(400);
      const body = await json(res);
      expect(body.error.fields.after, after).toBe(EMPLOYEE_MESSAGES.badCursor);
    }
    const valid = forged(['2024-02-29T23:59:59.999999Z', 'E1', uuid]);
    expect((await south.get(`/api/v1/employees?after=${valid}`)).status).toBe(200);
    const both = await south.get(`/api/v1/employees?after=${valid}&page=2`);
    expect(both.status).toBe(400);
    expect((await json(both)).error.fields.after).toBe(EMPLOYEE_MESSAGES.cursorWithPage);
  });

  it('refuses a search longer than the search box takes with a clear message, and takes one at the limit', async () => {
    const south = await signedIn('owner@southbank.example');
    const long = await south.get(`/api/v1/employees?search=${'é'.repeat(SEARCH_MAX_LENGTH + 1)}`);
    expect(long.status).toBe(400);
    expect((await json(long)).error.fields.search).toBe(SEARCH_MESSAGES.tooLong);
    const atLimit = await south.get(`/api/v1/employees?search=${'é'.repeat(SEARCH_MAX_LENGTH)}`);
    expect(atLimit.status).toBe(200);
    expect((await json(atLimit)).items).toEqual([]);
  });
});
