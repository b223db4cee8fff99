import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestStore,
  httpClient,
  json,
  postgresUrl,
  startTestApp,
  type TestApp,
  useTestApp,
} from '../../test/test-context.ts';
import { distinctClearMondays } from '../../test/test-dates.ts';
import { rowsOf } from '../db/client.ts';
import { DATA_AREAS, type DataArea, type DataVersions, TABLE_AREAS } from '../db/data-areas.ts';
import { withTenant } from '../db/tenant.ts';
import { createReadCache } from './read-cache.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Every area at version n, or as given. */
const at = (n: bigint, areas: Partial<Record<DataArea, bigint>> = {}): DataVersions =>
  ({
    ...Object.fromEntries(DATA_AREAS.map((area) => [area, n])),
    ...areas,
  }) as DataVersions;

describe('the read cache itself', () => {
  it('answers only for the version an entry was stored at, and forgets entries older than a version asked for', () => {
    const cache = createReadCache();
    cache.set('c', 'k', at(3n), DATA_AREAS, bytes('three'));
    expect(cache.get('c', 'k', at(3n))).toEqual(bytes('three'));
    expect(cache.get('c', 'other', at(3n))).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.get('c', 'k', at(4n))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps an answer while only areas it does not read change, and ends it when one it reads does', () => {
    const cache = createReadCache();
    cache.set('c', 'board', at(3n), ['workshop'], bytes('board'));
    cache.set('c', 'approvals', at(3n), ['requests', 'people'], bytes('approvals'));
    // A holiday submission: requests (and other) move.
    const submitted = at(3n, { requests: 4n, other: 4n });
    expect(cache.get('c', 'board', submitted)).toEqual(bytes('board'));
    expect(cache.get('c', 'approvals', submitted)).toBeUndefined();
    cache.set('c', 'approvals', submitted, ['requests', 'people'], bytes('approvals 2'));
    // A change of an employee record: people moves; the approvals read it too, the board does not.
    const edited = { ...submitted, people: 4n };
    expect(cache.get('c', 'approvals', edited)).toBeUndefined();
    expect(cache.get('c', 'board', edited)).toEqual(bytes('board'));
    // A change of a work order ends the board.
    expect(cache.get('c', 'board', { ...edited, workshop: 4n })).toBeUndefined();
  });

  it('keeps a newer answer when a slower request that read older versions stores its own', () => {
    const cache = createReadCache();
    cache.set('c', 'k', at(5n), DATA_AREAS, bytes('new'));
    cache.set('c', 'k', at(4n), DATA_AREAS, bytes('old'));
    expect(cache.get('c', 'k', at(5n))).toEqual(bytes('new'));
    cache.set('c', 'k', at(5n, { leave: 6n }), DATA_AREAS, bytes('newer'));
    expect(cache.get('c', 'k', at(5n, { leave: 6n }))).toEqual(bytes('newer'));
  });

  it('forgets a company’s answers when a version goes down (a restore), before a later version could match them', () => {
    const cache = createReadCache();
    cache.set('c', 'k', at(7n), ['workshop'], bytes('seven'));
    cache.set('d', 'other', at(7n), DATA_AREAS, bytes('other company'));
    expect(cache.get('c', 'k', at(7n))).toEqual(bytes('seven'));
    // A request that read the session before a concurrent commit may come in late with a lower
    // version too: forgetting is always safe. Any area counts, even one the answer does not read.
    expect(cache.get('c', 'k', at(7n, { people: 5n }))).toBeUndefined();
    // Writes after the restore bring the version back to 7: the old answer is gone.
    expect(cache.get('c', 'k', at(7n))).toBeUndefined();
    expect(cache.get('d', 'other', at(7n))).toEqual(bytes('other company'));
  });

  it('drops the least recently used entries past its entry and size limits', () => {
    const v = at(1n);
    const byCount = createReadCache({ maxEntries: 2 });
    byCount.set('c', 'a', v, DATA_AREAS, bytes('A'));
    byCount.set('c', 'b', v, DATA_AREAS, bytes('B'));
    expect(byCount.get('c', 'a', v)).toEqual(bytes('A'));
    byCount.set('c', 'c', v, DATA_AREAS, bytes('C'));
    expect(byCount.get('c', 'b', v)).toBeUndefined();
    expect(byCount.get('c', 'a', v)).toEqual(bytes('A'));
    expect(byCount.get('c', 'c', v)).toEqual(bytes('C'));

    const bySize = createReadCache({ maxBytes: 16 });
    // Bodies and keys count: 'a' + 5 bytes is 7, 'b' + 10 bytes is 12.
    bySize.set('c', 'a', v, DATA_AREAS, bytes('12345'));
    bySize.set('c', 'b', v, DATA_AREAS, bytes('1234567890'));
    expect(bySize.get('c', 'a', v)).toBeUndefined();
    expect(bySize.get('c', 'b', v)).toEqual(bytes('1234567890'));
    bySize.set('c', 'huge', v, DATA_AREAS, bytes('x'.repeat(15)));
    expect(bySize.get('c', 'huge', v)).toBeUndefined();
    expect(bySize.get('c', 'b', v)).toEqual(bytes('1234567890'));
  });
});

const t = useTestApp();
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const companyId = async (name: string) =>
  (await query<{ id: string }>(sql`select id from companies where name = ${name}`))[0]?.id as string;
const versionOf = async (company: string) =>
  BigInt(
    (await query<{ v: string }>(sql`select app_company_data_version(${company}::uuid)::text as v`))[0]?.v ??
      '-1',
  );
const areasOf = async (company: string): Promise<DataVersions> => {
  const [row] = await query<Record<string, string>>(
    sql`select * from app_company_data_areas(${company}::uuid)`,
  );
  return Object.fromEntries(
    DATA_AREAS.map((area) => [area, BigInt(row?.[`${area}_version`] ?? -1)]),
  ) as unknown as DataVersions;
};
/** A change made as the superuser with triggers off: invisible to the version, like a missed one. */
const untracked = (text: ReturnType<typeof sql>) =>
  t.app.admin.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(text);
  });

/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();

async function signedIn(email: string, app = t.app) {
  const client = httpClient(app.app);
  await client.signIn(email);
  return client;
}

let northwind: string;
let southbank: string;
beforeAll(async () => {
  northwind = await companyId('Northwind Engineering Ltd');
  southbank = await companyId('Southbank Hire Ltd');
  const month = Number(isoDate(new Date()).slice(5, 7));
  await t.app.admin.execute(
    sql`update company_settings set holiday_year_start_month = ${month}, holiday_year_end_month = ${month === 1 ? 12 : month - 1}`,
  );
});

describe('company data versions', () => {
  it('every table under the tenant policy has the three statement triggers that move the version', async () => {
    const tables = await query<{ relname: string }>(
      sql`select relname from pg_class where relkind = 'r' and relrowsecurity and relnamespace = 'public'::regnamespace order by relname`,
    );
    expect(tables.map((r) => r.relname)).toEqual(expect.arrayContaining(['companies', 'holiday_requests']));
    const triggers = await query<{ relname: string; tgname: string; tgtype: number; tgenabled: string }>(
      sql`select c.relname, t.tgname, t.tgtype, t.tgenabled from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like '%data_version%'`,
    );
    for (const { relname } of tables) {
      for (const op of ['insert', 'update', 'delete']) {
        const trigger = triggers.find(
          (r) => r.relname === relname && r.tgname === `${relname}_data_version_${op}`,
        );
        expect(trigger, `${relname} ${op}`).toBeDefined();
        // Bit 0 of tgtype is FOR EACH ROW: these fire once per statement. 'O': enabled (origin).
        expect((trigger?.tgtype ?? 1) & 1, `${relname} ${op}`).toBe(0);
        expect(trigger?.tgenabled).toBe('O');
      }
    }
  });

  it('every such table moves the areas db/data-areas.ts names for it (ADR 0120)', async () => {
    const tables = await query<{ relname: string }>(
      sql`select relname from pg_class where relkind = 'r' and relrowsecurity and relnamespace = 'public'::regnamespace order by relname`,
    );
    const names = tables.map((r) => r.relname);
    // Every table TABLE_AREAS names is a tenant table with triggers.
    expect(names).toEqual(expect.arrayContaining(Object.keys(TABLE_AREAS)));
    const triggers = await query<{ relname: string; tgname: string; def: string }>(
      sql`select c.relname, t.tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t
        join pg_class c on c.oid = t.tgrelid where t.tgname like '%data_version%'`,
    );
    for (const { relname, tgname, def } of triggers.filter((r) => names.includes(r.relname))) {
      const args = /EXECUTE FUNCTION \w+\((.*)\)$/.exec(def)?.[1] ?? '';
      const named = [...args.matchAll(/'([^']*)'/g)].map((m) => m[1]);
      if (relname === 'holiday_requests') {
        // Decides per statement: requests, and leave when an approved row is among those changed.
        expect(def, tgname).toContain('app_holiday_requests_changed()');
      } else {
        // A table not (yet) in TABLE_AREAS must name no area: it moves every area, never too few.
        expect(named, tgname).toEqual(TABLE_AREAS[relname] ?? []);
      }
      for (const area of named) expect(DATA_AREAS, tgname).toContain(area);
    }
  });

  it('moves only the areas of the rows a statement changed, and the total with each', async () => {
    const tenant = { companyId: northwind, userId: null, role: 'super_admin' as const };
    const change = async (text: ReturnType<typeof sql>) => {
      const before = await areasOf(northwind);
      const total = await versionOf(northwind);
      await withTenant(t.app.database.db, tenant, (tx) => tx.execute(text));
      const after = await areasOf(northwind);
      // The release before reads the total (a rolling deploy): it moves with every change.
      expect(await versionOf(northwind)).toBe(total + 1n);
      return DATA_AREAS.filter((area) => after[area] !== before[area]);
    };
    expect(
      await change(sql`update employee_records set position = position where company_id = ${northwind}`),
    ).toEqual(['people']);
    expect(await change(sql`update work_orders set notes = notes where company_id = ${northwind}`)).toEqual([
      'workshop',
    ]);
    expect(
      await change(sql`update company_settings set updated_at = now() where company_id = ${northwind}`),
    ).toEqual(['company']);
    expect(
      await change(sql`update leave_ledger_entries set reason = reason where company_id = ${northwind}`),
    ).toEqual(['leave']);
    expect(
      await change(sql`insert into notifications (company_id, user_id, type, title, message)
        select company_id, id, 'test', 'Test', 'Areas' from profiles where company_id = ${northwind} limit 1`),
    ).toEqual(['other']);
    // Holiday requests: pending ones move requests alone; approved ones leave (what is taken) as well.
    expect(
      await change(
        sql`update holiday_requests set reason = reason where company_id = ${northwind} and status = 'pending'`,
      ),
    ).toEqual(['requests']);
    expect(
      await change(
        sql`update holiday_requests set reason = reason where company_id = ${northwind} and status = 'approved'`,
      ),
    ).toEqual(['requests', 'leave']);
    // A role is keyed by user (outside any tenant too).
    const before = await areasOf(northwind);
    await t.app.admin.execute(
      sql`update user_roles set role = role where user_id = (select id from auth_users where email = 'alice@northwind.example')`,
    );
    const after = await areasOf(northwind);
    expect(DATA_AREAS.filter((area) => after[area] !== before[area])).toEqual(['people']);
  });

  it('moves with each committed change of the company, not with a rolled back one, a statement that changes nothing, or another company', async () => {
    const before = await versionOf(northwind);
    const other = await versionOf(southbank);
    const tenant = { companyId: northwind, userId: null, role: 'super_admin' as const };
    await withTenant(t.app.database.db, tenant, (tx) =>
      tx.execute(sql`update employee_records set position = position where company_id = ${northwind}`),
    );
    const afterUpdate = await versionOf(northwind);
    expect(afterUpdate).toBeGreaterThan(before);

    await expect(
      withTenant(t.app.database.db, tenant, async (tx) => {
        await tx.execute(sql`update employee_records set position = 'x' where company_id = ${northwind}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf(northwind)).toBe(afterUpdate);

    await withTenant(t.app.database.db, tenant, (tx) =>
      tx.execute(
        sql`update employee_records set position = 'x' where id = '00000000-0000-0000-0000-000000000000'`,
      ),
    );
    expect(await versionOf(northwind)).toBe(afterUpdate);
    expect(await versionOf(southbank)).toBe(other);
  });

  it('moves when a role changes outside any tenant (user_roles is keyed by user) and when the company row changes', async () => {
    const before = await versionOf(northwind);
    await t.app.admin.execute(
      sql`update user_roles set role = role where user_id = (select id from auth_users where email = 'alice@northwind.example')`,
    );
    const afterRole = await versionOf(northwind);
    expect(afterRole).toBeGreaterThan(before);
    await t.app.admin.execute(sql`update companies set name = name where id = ${northwind}`);
    expect(await versionOf(northwind)).toBeGreaterThan(afterRole);
  });

  it('stays exact while the rows of ended backends are folded into one', async () => {
    // 70 rows of backends that have ended (no such pids): more than the 64 that start a fold.
    await t.app.admin.execute(
      sql`insert into company_data_changes (company_id, backend, changes, people_changes) select ${northwind}::uuid, -g, 2, 1 from generate_series(1, 70) as g`,
    );
    const before = await versionOf(northwind);
    const areasBefore = await areasOf(northwind);
    await withTenant(t.app.database.db, { companyId: northwind, userId: null, role: 'super_admin' }, (tx) =>
      tx.execute(sql`update company_settings set updated_at = now() where company_id = ${northwind}`),
    );
    expect(await versionOf(northwind)).toBe(before + 1n);
    expect(await areasOf(northwind)).toEqual({ ...areasBefore, company: areasBefore.company + 1n });
    const [rows] = await query<{ n: number }>(
      sql`select count(*)::int as n from company_data_changes where company_id = ${northwind} and backend < 0`,
    );
    expect(rows?.n).toBe(0);
  });

  // PGlite has one connection: two transactions at once need PostgreSQL (CI runs this suite on both).
  it.runIf(Boolean(postgresUrl))(
    'lets two writers of one company commit without waiting on each other (PostgreSQL)',
    async () => {
      const tenant = { companyId: northwind, userId: null, role: 'super_admin' as const };
      const before = await versionOf(northwind);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let wrote: () => void = () => {};
      const written = new Promise<void>((resolve) => {
        wrote = resolve;
      });
      const first = withTenant(t.app.database.db, tenant, async (tx) => {
        await tx.execute(sql`update company_details set updated_at = now() where company_id = ${northwind}`);
        wrote();
        await held;
      });
      await written;
      const second = withTenant(t.app.database.db, tenant, (tx) =>
        tx.execute(sql`update company_settings set updated_at = now() where company_id = ${northwind}`),
      ).then(() => 'committed');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('waiting'), 5_000));
      expect(await Promise.race([second, timeout])).toBe('committed');
      expect(await versionOf(northwind)).toBe(before + 1n);
      release();
      await first;
      expect(await versionOf(northwind)).toBe(before + 2n);
    },
  );

  it('is out of the serving role’s reach: no grant on the table', async () => {
    await expect(
      withTenant(t.app.database.db, { companyId: northwind, userId: null, role: 'super_admin' }, (tx) =>
        tx.execute(sql`select * from company_data_changes`),
      ),
    ).rejects.toThrow();
  });
});

describe('cached reads over HTTP', () => {
  let second: TestApp;
  const secondStore = createTestStore();
  beforeAll(async () => {
    // A second server instance over the same database, with its own cache.
    second = await startTestApp(await secondStore, {
      database: t.app.database,
      admin: t.app.admin,
      seed: false,
    });
  });
  afterAll(async () => {
    await second.close();
    await (await secondStore).dispose();
  });

  it('answers a repeated read from the cache until a change of the company, then reads again', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const start = mondayAfter(40);
    const submitted = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: start,
      holidayType: 'annual',
      reason: 'first reason',
    });
    expect(submitted.status).toBe(201);
    const { id } = await json(submitted);

    const first = await manager.get('/api/v1/holidays/approvals');
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    expect(JSON.parse(firstBody).items.find((r: { id: string }) => r.id === id)?.reason).toBe('first reason');

    // A change the version cannot see: the cached answer comes back unchanged, byte for byte.
    await untracked(sql`update holiday_requests set reason = 'untracked' where id = ${id}`);
    const cached = await manager.get('/api/v1/holidays/approvals');
    expect(cached.status).toBe(200);
    expect(cached.headers.get('content-type')).toMatch(/^application\/json/);
    expect(cached.headers.get('x-content-type-options')).toBe('nosniff');
    expect(cached.headers.get('content-security-policy')).toBeTruthy();
    expect(await cached.text()).toBe(firstBody);
    // A client that asks for a fresh answer gets one (the benchmark measures misses this way).
    const fresh = await json(
      await manager.get('/api/v1/holidays/approvals', { 'cache-control': 'no-cache' }),
    );
    expect(fresh.items.find((r: { id: string }) => r.id === id)?.reason).toBe('untracked');

    // Any tracked change of the company's rows ends it.
    await withTenant(t.app.database.db, { companyId: northwind, userId: null, role: 'super_admin' }, (tx) =>
      tx.execute(sql`update holiday_requests set reason = 'tracked' where id = ${id}`),
    );
    const after = await json(await manager.get('/api/v1/holidays/approvals'));
    expect(after.items.find((r: { id: string }) => r.id === id)?.reason).toBe('tracked');
  });

  it('stores a miss as its handler wrote it, without reading the response back', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    // A change of the company: the manager's next read of the approvals misses.
    const start = mondayAfter(47);
    expect((await alice.post('/api/v1/holidays/requests', { startDate: start, endDate: start })).status).toBe(
      201,
    );
    // Reading the answer back (`c.res.clone()`) would build the whole response again and tee its body.
    const clone = vi.spyOn(Response.prototype, 'clone');
    try {
      const missed = await manager.get('/api/v1/holidays/approvals');
      expect(missed.status).toBe(200);
      const body = await missed.text();
      expect(clone).not.toHaveBeenCalled();
      // The stored bytes are the answer's: the hit is the same, byte for byte, with the JSON type.
      const hit = await manager.get('/api/v1/holidays/approvals');
      expect(hit.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await hit.text()).toBe(body);
    } finally {
      clone.mockRestore();
    }
  });

  it('shows a decision made on one instance on the other at once (read-your-writes across instances)', async () => {
    const alice = await signedIn('alice@northwind.example');
    const managerOnFirst = await signedIn('manager@northwind.example');
    const managerOnSecond = httpClient(second.app);
    await managerOnSecond.signIn('manager@northwind.example');
    const start = addDays(mondayAfter(40), 1);
    const submitted = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: start,
      holidayType: 'annual',
    });
    expect(submitted.status).toBe(201);
    const { id } = await json(submitted);
    // Warm both caches.
    for (const client of [managerOnFirst, managerOnSecond]) {
      const items = (await json(await client.get('/api/v1/holidays/approvals'))).items as { id: string }[];
      expect(items.map((r) => r.id)).toContain(id);
    }
    const decided = await managerOnFirst.post(`/api/v1/holidays/requests/${id}/decision`, {
      decision: 'approve',
    });
    expect(decided.status).toBe(200);
    for (const client of [managerOnSecond, managerOnFirst]) {
      const items = (await json(await client.get('/api/v1/holidays/approvals'))).items as { id: string }[];
      expect(items.map((r) => r.id)).not.toContain(id);
    }
    const calendar = await json(await managerOnSecond.get(`/api/v1/holidays/calendar/day?date=${start}`));
    expect(JSON.stringify(calendar)).toContain('Alice');
  });

  it('serves the workshop board and the employee list from the cache after a holiday submission, and recomputes the approvals (ADR 0120)', async () => {
    const owner = await signedIn('owner@northwind.example');
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const board = async () => owner.get('/api/v1/workshop/jobs?limit=50').then((r) => r.text());
    const employees = async () => owner.get('/api/v1/employees?page=1').then((r) => r.text());
    const approvals = async () =>
      (await json(await manager.get('/api/v1/holidays/approvals'))).items as { id: string; reason: string }[];
    const boardBefore = await board();
    const employeesBefore = await employees();
    await approvals();
    expect(JSON.parse(boardBefore).stock.jobs.length).toBeGreaterThan(0);

    // Changes no version sees: an answer that still shows the old values came from the cache.
    await untracked(sql`update work_orders set notes = 'untracked note' where company_id = ${northwind}`);
    await untracked(
      sql`update employee_records set position = 'Untracked position' where company_id = ${northwind}`,
    );
    const start = addDays(mondayAfter(40), 2);
    const submitted = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: start,
      holidayType: 'annual',
      reason: 'area test',
    });
    expect(submitted.status).toBe(201);
    const { id } = await json(submitted);

    expect(await board()).toBe(boardBefore);
    expect(await employees()).toBe(employeesBefore);
    expect((await approvals()).map((r) => r.id)).toContain(id);

    // A change of the workshop ends the board, not the employee list.
    await withTenant(t.app.database.db, { companyId: northwind, userId: null, role: 'super_admin' }, (tx) =>
      tx.execute(sql`update work_orders set issued = issued where company_id = ${northwind}`),
    );
    expect(await board()).toContain('untracked note');
    expect(await employees()).toBe(employeesBefore);
    // Approving the request changes what is taken: the employee list (balances) is read again.
    const decided = await manager.post(`/api/v1/holidays/requests/${id}/decision`, { decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(await employees()).toContain('Untracked position');
  });

  it('recomputes a read that depends on two areas after a change in either, and keeps it after a change in neither', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const start = addDays(mondayAfter(40), 3);
    const submitted = await alice.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: start,
      holidayType: 'annual',
      reason: 'two areas',
    });
    expect(submitted.status).toBe(201);
    const { id } = await json(submitted);
    const reason = async () =>
      (
        (await json(await manager.get('/api/v1/holidays/approvals'))).items as {
          id: string;
          reason: string;
        }[]
      ).find((r) => r.id === id)?.reason;
    const tenant = { companyId: northwind, userId: null, role: 'super_admin' as const };
    expect(await reason()).toBe('two areas');

    // Neither area (the workshop): still the cached answer.
    await untracked(sql`update holiday_requests set reason = 'untracked 1' where id = ${id}`);
    await withTenant(t.app.database.db, tenant, (tx) =>
      tx.execute(sql`update work_orders set issued = issued where company_id = ${northwind}`),
    );
    expect(await reason()).toBe('two areas');
    // People (an employee record): read again.
    await withTenant(t.app.database.db, tenant, (tx) =>
      tx.execute(sql`update employee_records set position = position where company_id = ${northwind}`),
    );
    expect(await reason()).toBe('untracked 1');
    // Requests (another pending request): read again.
    await untracked(sql`update holiday_requests set reason = 'untracked 2' where id = ${id}`);
    expect(await reason()).toBe('untracked 1');
    await withTenant(t.app.database.db, tenant, (tx) =>
      tx.execute(
        sql`update holiday_requests set reason = reason where company_id = ${northwind} and status = 'pending'`,
      ),
    );
    expect(await reason()).toBe('untracked 2');
  });

  it('never shares an answer between users, companies or roles', async () => {
    const owner = await signedIn('owner@northwind.example');
    const sam = await signedIn('sam@southbank.example');
    const ownerMe = await json(await owner.get('/api/v1/me'));
    const samMe = await json(await sam.get('/api/v1/me'));
    expect(ownerMe.user.email).toBe('owner@northwind.example');
    expect(samMe.user.email).toBe('sam@southbank.example');
    expect((await json(await owner.get('/api/v1/me'))).user.email).toBe('owner@northwind.example');
    expect((await json(await sam.get('/api/v1/me'))).user.email).toBe('sam@southbank.example');

    // A role change reaches the user's next read, even when made where no trigger would see it.
    const alice = await signedIn('alice@northwind.example');
    const before = await json(await alice.get('/api/v1/me'));
    expect(before.role).toBe('operative');
    await untracked(
      sql`update user_roles set role = 'admin' where user_id = (select id from auth_users where email = 'alice@northwind.example')`,
    );
    expect((await json(await alice.get('/api/v1/me'))).role).toBe('admin');
    await t.app.admin.execute(
      sql`update user_roles set role = 'operative' where user_id = (select id from auth_users where email = 'alice@northwind.example')`,
    );
    expect((await json(await alice.get('/api/v1/me'))).role).toBe('operative');
  });

  it('does not keep errors: a bad query is checked again each time', async () => {
    const owner = await signedIn('owner@northwind.example');
    expect((await owner.get('/api/v1/holidays/calendar?month=nope')).status).toBe(400);
    expect((await owner.get('/api/v1/holidays/calendar?month=nope')).status).toBe(400);
    const month = isoDate(new Date()).slice(0, 7);
    expect((await owner.get(`/api/v1/holidays/calendar?month=${month}`)).status).toBe(200);
  });
});
