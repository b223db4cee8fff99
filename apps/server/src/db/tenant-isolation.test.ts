import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  httpClient,
  json,
  startTestApp,
  type TestApp,
  type TestStore,
} from '../../test/test-context.ts';
import { rowsOf } from './client.ts';
import { assertServingRoleIsRestricted } from './migrate.ts';
import { companies, profiles } from './schema/core.ts';
import { employeeRecords, holidayRequests } from './schema/hr.ts';
import { workOrders } from './schema/workshop.ts';
import { withTenant } from './tenant.ts';

let store: TestStore;
let t: TestApp;
let northwind: string;
let southbank: string;

beforeAll(async () => {
  store = await createTestStore();
  t = await startTestApp(store);
  const rows = rowsOf<{ id: string; name: string }>(
    await t.admin.execute(sql`select id, name from companies`),
  );
  northwind = rows.find((r) => r.name.startsWith('Northwind'))?.id as string;
  southbank = rows.find((r) => r.name.startsWith('Southbank'))?.id as string;
});
afterAll(async () => {
  await t.close();
  await store.dispose();
});

const asSouthbank = <T>(fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(t.database.db, { companyId: southbank, userId: null, role: 'super_admin' }, fn);

describe('row-level security with the serving role', () => {
  it('shows a company only its own rows, even when a query asks for another company', async () => {
    const visible = await asSouthbank((tx) => tx.select().from(employeeRecords));
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible.map((r) => r.companyId))).toEqual(new Set([southbank]));
    expect(
      await asSouthbank((tx) =>
        tx.select().from(employeeRecords).where(eq(employeeRecords.companyId, northwind)),
      ),
    ).toEqual([]);
    expect(
      await asSouthbank((tx) =>
        tx.select().from(holidayRequests).where(eq(holidayRequests.companyId, northwind)),
      ),
    ).toEqual([]);
    expect(
      await asSouthbank((tx) => tx.select().from(workOrders).where(eq(workOrders.companyId, northwind))),
    ).toEqual([]);
    expect(await asSouthbank((tx) => tx.select().from(companies).where(eq(companies.id, northwind)))).toEqual(
      [],
    );
    expect(
      await asSouthbank((tx) => tx.select().from(profiles).where(eq(profiles.companyId, northwind))),
    ).toEqual([]);
  });

  it('cannot change or delete another company rows', async () => {
    const updated = await asSouthbank((tx) =>
      tx
        .update(employeeRecords)
        .set({ fullName: 'Hacked' })
        .where(eq(employeeRecords.companyId, northwind))
        .returning(),
    );
    expect(updated).toEqual([]);
    const deleted = await asSouthbank((tx) =>
      tx.delete(workOrders).where(eq(workOrders.companyId, northwind)).returning(),
    );
    expect(deleted).toEqual([]);
    const [hacked] = rowsOf<{ n: number }>(
      await t.admin.execute(sql`select count(*)::int as n from employee_records where full_name = 'Hacked'`),
    );
    expect(hacked?.n).toBe(0);
  });

  it('refuses to write a row into another company', async () => {
    await expect(
      asSouthbank((tx) =>
        tx
          .insert(workOrders)
          .values({ companyId: northwind, productCode: 'X', productName: 'X', workOrderNumber: 'WO-EVIL' }),
      ),
    ).rejects.toThrow();
    await expect(
      asSouthbank((tx) =>
        tx
          .update(employeeRecords)
          .set({ companyId: northwind })
          .where(eq(employeeRecords.companyId, southbank)),
      ),
    ).rejects.toThrow();
  });

  it('sees nothing at all when no company is set', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'app_user', true)`);
      return tx.select().from(employeeRecords);
    });
    expect(rows).toEqual([]);
  });

  it('applies planner settings to the transaction only, and refuses values it does not know', async () => {
    const ctx = { companyId: southbank, userId: null, role: 'super_admin' } as const;
    const modeIn = (settings?: Parameters<typeof withTenant>[3]) =>
      withTenant(
        t.database.db,
        ctx,
        async (tx) =>
          rowsOf<{ mode: string }>(
            await tx.execute(sql`select current_setting('plan_cache_mode') as mode`),
          )[0]?.mode,
        settings,
      );
    expect(await modeIn({ plan_cache_mode: 'force_generic_plan' })).toBe('force_generic_plan');
    // The setting ended with its transaction.
    expect(await modeIn()).toBe('auto');
    const bad = { plan_cache_mode: "auto', true), set_config('role', 'postgres" } as unknown as Parameters<
      typeof withTenant
    >[3];
    await expect(modeIn(bad)).rejects.toThrow(/not a plan-mode/);
    await expect(
      modeIn({ enable_sort: 'maybe' } as unknown as Parameters<typeof withTenant>[3]),
    ).rejects.toThrow(/not a on-off/);
  });

  it('cannot read auth, security-event or rate-limit tables', async () => {
    await expect(asSouthbank((tx) => tx.execute(sql`select * from auth_accounts`))).rejects.toThrow();
    await expect(asSouthbank((tx) => tx.execute(sql`select * from security_events`))).rejects.toThrow();
    await expect(asSouthbank((tx) => tx.execute(sql`select * from rate_limits`))).rejects.toThrow();
  });

  it('refuses to boot when the serving role could bypass RLS', async () => {
    await expect(assertServingRoleIsRestricted(t.database.db)).resolves.toBeUndefined();
    // ALTER ROLE is transactional: the change never leaves this rolled-back transaction. Only a
    // superuser may alter the attribute (on PostgreSQL the app's owner is none).
    const outcome = await t.admin
      .transaction(async (tx) => {
        await tx.execute(sql`alter role app_user bypassrls`);
        await expect(assertServingRoleIsRestricted(tx)).rejects.toThrow(/bypasses row-level security/);
        tx.rollback();
      })
      .catch((err: Error) => err.message);
    expect(outcome).toMatch(/Rollback/i);
    await expect(assertServingRoleIsRestricted(t.database.db)).resolves.toBeUndefined();
  });
});

describe('tenant isolation through the API', () => {
  it('shows a Southbank user only Southbank in /me', async () => {
    const client = httpClient(t.app);
    await client.signIn('sam@southbank.example');
    const me = await json(await client.get('/api/v1/me'));
    expect(me.company.id).toBe(southbank);
    expect(me.company.displayName).toBe('Southbank Hire Ltd');
    expect(JSON.stringify(me)).not.toContain(northwind);
  });
});

/** Redeemed server-to-server by a sister app, by design without a session (ADR 0032). */
const SESSIONLESS_ROUTES = ['POST /api/v1/cross-app/exchange'];

describe('every product route needs a session', () => {
  it('answers 401 without one', async () => {
    const productRoutes = t.app.routes.filter(
      (r) =>
        r.path.startsWith('/api/v1/') &&
        r.method !== 'ALL' &&
        !SESSIONLESS_ROUTES.includes(`${r.method} ${r.path}`),
    );
    expect(productRoutes.length).toBeGreaterThan(0);
    for (const route of productRoutes) {
      const url = route.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.request(url, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      });
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
      expect((await json(res)).error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers unknown API paths with a 404 error object', async () => {
    const res = await t.app.request('/api/v1/does-not-exist');
    expect([401, 404]).toContain(res.status);
    const res2 = await t.app.request('/api/nothing-here');
    expect(res2.status).toBe(404);
    expect((await json(res2)).error.code).toBe('NOT_FOUND');
  });
});
