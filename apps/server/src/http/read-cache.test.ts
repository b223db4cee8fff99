import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  httpClient,
  json,
  postgresUrl,
  startTestApp,
  type TestApp,
  useTestApp,
} from '../../test/test-context.ts';
import { rowsOf } from '../db/client.ts';
import { withTenant } from '../db/tenant.ts';
import { createReadCache } from './read-cache.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the read cache itself', () => {
  it('answers only for the version an entry was stored at, and forgets entries older than a version asked for', () => {
    const cache = createReadCache();
    cache.set('c', 'k', 3n, bytes('three'));
    expect(cache.get('c', 'k', 3n)).toEqual(bytes('three'));
    expect(cache.get('c', 'other', 3n)).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.get('c', 'k', 4n)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps a newer answer when a slower request that read an older version stores its own', () => {
    const cache = createReadCache();
    cache.set('c', 'k', 5n, bytes('new'));
    cache.set('c', 'k', 4n, bytes('old'));
    expect(cache.get('c', 'k', 5n)).toEqual(bytes('new'));
    cache.set('c', 'k', 6n, bytes('newer'));
    expect(cache.get('c', 'k', 6n)).toEqual(bytes('newer'));
  });

  it('forgets a company’s answers when its version goes down (a restore), before a later version could match them', () => {
    const cache = createReadCache();
    cache.set('c', 'k', 7n, bytes('seven'));
    cache.set('d', 'other', 7n, bytes('other company'));
    expect(cache.get('c', 'k', 7n)).toEqual(bytes('seven'));
    // A request that read the session before a concurrent commit may come in late with a lower
    // version too: forgetting is always safe.
    expect(cache.get('c', 'k', 5n)).toBeUndefined();
    // Writes after the restore bring the version back to 7: the old answer is gone.
    expect(cache.get('c', 'k', 7n)).toBeUndefined();
    expect(cache.get('d', 'other', 7n)).toEqual(bytes('other company'));
  });

  it('drops the least recently used entries past its entry and size limits', () => {
    const byCount = createReadCache({ maxEntries: 2 });
    byCount.set('c', 'a', 1n, bytes('A'));
    byCount.set('c', 'b', 1n, bytes('B'));
    expect(byCount.get('c', 'a', 1n)).toEqual(bytes('A'));
    byCount.set('c', 'c', 1n, bytes('C'));
    expect(byCount.get('c', 'b', 1n)).toBeUndefined();
    expect(byCount.get('c', 'a', 1n)).toEqual(bytes('A'));
    expect(byCount.get('c', 'c', 1n)).toEqual(bytes('C'));

    const bySize = createReadCache({ maxBytes: 16 });
    // Bodies and keys count: 'a' + 5 bytes is 7, 'b' + 10 bytes is 12.
    bySize.set('c', 'a', 1n, bytes('12345'));
    bySize.set('c', 'b', 1n, bytes('1234567890'));
    expect(bySize.get('c', 'a', 1n)).toBeUndefined();
    expect(bySize.get('c', 'b', 1n)).toEqual(bytes('1234567890'));
    bySize.set('c', 'huge', 1n, bytes('x'.repeat(15)));
    expect(bySize.get('c', 'huge', 1n)).toBeUndefined();
    expect(bySize.get('c', 'b', 1n)).toEqual(bytes('1234567890'));
  });
});

const t = useTestApp();
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.database.db.execute(text));
const companyId = async (name: string) =>
  (await query<{ id: string }>(sql`select id from companies where name = ${name}`))[0]?.id as string;
const versionOf = async (company: string) =>
  BigInt(
    (await query<{ v: string }>(sql`select app_company_data_version(${company}::uuid)::text as v`))[0]?.v ??
      '-1',
  );
/** A change made as the table owner with triggers off: invisible to the version, like a missed one. */
const untracked = (text: ReturnType<typeof sql>) =>
  t.app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(text);
  });

/** The Monday at least `minDays` from today. */
function mondayAfter(minDays: number): string {
  // Two weeks without bank holidays: the counts stay the same whatever the date.
  return clearMondayFrom(addDays(isoDate(new Date()), minDays), 'england-and-wales');
}

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
  await t.app.database.db.execute(
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
    await t.app.database.db.execute(
      sql`update user_roles set role = role where user_id = (select id from auth_users where email = 'alice@northwind.example')`,
    );
    const afterRole = await versionOf(northwind);
    expect(afterRole).toBeGreaterThan(before);
    await t.app.database.db.execute(sql`update companies set name = name where id = ${northwind}`);
    expect(await versionOf(northwind)).toBeGreaterThan(afterRole);
  });

  it('stays exact while the rows of ended backends are folded into one', async () => {
    // 70 rows of backends that have ended (no such pids): more than the 64 that start a fold.
    await t.app.database.db.execute(
      sql`insert into company_data_changes (company_id, backend, changes) select ${northwind}::uuid, -g, 2 from generate_series(1, 70) as g`,
    );
    const before = await versionOf(northwind);
    await withTenant(t.app.database.db, { companyId: northwind, userId: null, role: 'super_admin' }, (tx) =>
      tx.execute(sql`update company_settings set updated_at = now() where company_id = ${northwind}`),
    );
    expect(await versionOf(northwind)).toBe(before + 1n);
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
    second = await startTestApp(await secondStore, { database: t.app.database, seed: false });
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
    await t.app.database.db.execute(
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
