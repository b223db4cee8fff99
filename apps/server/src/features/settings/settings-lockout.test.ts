/**
 * A company cannot be locked out of its own administration (ADR 0056): no permission edit, role change
 * or removal may leave it without a super admin holding Settings and User Management at Full, and two
 * super admins restricting or demoting each other at the same moment cannot both succeed.
 */
import { SETTINGS_ERROR_CODES, SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { httpClient, json, postgresUrl, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

const testApp = useTestApp();
const app = () => testApp.app.app;
const db = () => testApp.app.admin;

const OWNER = 'owner@northwind.example';
const SECOND = 'admin@northwind.example';

async function idOf(email: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db().execute(sql`select id from auth_users where email = ${email}`),
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function signedIn(email: string) {
  const client = httpClient(app());
  await client.signIn(email);
  return client;
}

/** owner is the only super admin (seed), admin@ is an admin, nobody has a stored level. */
async function reset() {
  const owner = await idOf(OWNER);
  const second = await idOf(SECOND);
  await db().execute(sql`delete from user_permissions where user_id in (${owner}, ${second})`);
  await db().execute(sql`update user_roles set role = 'super_admin' where user_id = ${owner}`);
  await db().execute(sql`update user_roles set role = 'admin' where user_id = ${second}`);
}

async function makeSecondSuperAdmin() {
  await db().execute(sql`update user_roles set role = 'super_admin' where user_id = ${await idOf(SECOND)}`);
}

async function roleOf(email: string): Promise<string | undefined> {
  const [row] = rowsOf<{ role: string }>(
    await db().execute(
      sql`select r.role from user_roles r join auth_users u on u.id = r.user_id where u.email = ${email}`,
    ),
  );
  return row?.role;
}

/** The company's super admins holding Settings and User Management at Full (no row means Full). */
async function fullSuperAdmins(): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await db().execute(sql`
      select p.email from profiles p join user_roles r on r.user_id = p.id
      where r.role = 'super_admin' and p.company_id = (select company_id from profiles where email = ${OWNER})
        and not exists (
          select 1 from user_permissions up where up.user_id = p.id
            and up.section_id in ('settings', 'user-management') and up.access_level <> 'full')
      order by p.email`),
  );
  return rows.map((r) => r.email);
}

async function expectLockoutRefusal(res: Response) {
  expect(res.status).toBe(409);
  const body = await json(res);
  expect(body.error.code).toBe(SETTINGS_ERROR_CODES.LAST_FULL_SUPER_ADMIN);
  expect(body.error.message).toBe(SETTINGS_MESSAGES.lastFullSuperAdmin);
}

const setLevels = (changes: { userId: string; sectionId: string; accessLevel: string }[]) => ({ changes });

beforeEach(reset);

describe('the last super admin with full administration', () => {
  it('cannot lower their own Settings or User Management level; other sections are fine', async () => {
    const owner = await signedIn(OWNER);
    const ownerId = await idOf(OWNER);
    for (const [sectionId, accessLevel] of [
      ['settings', 'view'],
      ['settings', 'admin'],
      ['user-management', 'admin'],
      ['user-management', 'no_access'],
    ] as const) {
      await expectLockoutRefusal(
        await owner.call(
          'PUT',
          '/api/v1/settings/permissions',
          setLevels([{ userId: ownerId, sectionId, accessLevel }]),
        ),
      );
    }
    // A refused batch writes nothing, not even its harmless cells.
    await expectLockoutRefusal(
      await owner.call(
        'PUT',
        '/api/v1/settings/permissions',
        setLevels([
          { userId: ownerId, sectionId: 'orders', accessLevel: 'view' },
          { userId: ownerId, sectionId: 'settings', accessLevel: 'view' },
        ]),
      ),
    );
    const [stored] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from user_permissions where user_id = ${ownerId}`),
    );
    expect(stored?.n).toBe(0);
    const fine = await owner.call(
      'PUT',
      '/api/v1/settings/permissions',
      setLevels([
        { userId: ownerId, sectionId: 'orders', accessLevel: 'view' },
        { userId: ownerId, sectionId: 'settings', accessLevel: 'full' },
      ]),
    );
    expect(fine.status).toBe(200);
    expect(await fullSuperAdmins()).toEqual([OWNER]);
  });

  it('may hand full administration over in one batch, and restrict themselves once another holds it', async () => {
    await makeSecondSuperAdmin();
    const owner = await signedIn(OWNER);
    const ownerId = await idOf(OWNER);
    const secondId = await idOf(SECOND);
    // Restrict the second one first: the owner is then the only full one.
    expect(
      (
        await owner.call(
          'PUT',
          '/api/v1/settings/permissions',
          setLevels([{ userId: secondId, sectionId: 'settings', accessLevel: 'view' }]),
        )
      ).status,
    ).toBe(200);
    await expectLockoutRefusal(
      await owner.call(
        'PUT',
        '/api/v1/settings/permissions',
        setLevels([{ userId: ownerId, sectionId: 'user-management', accessLevel: 'view' }]),
      ),
    );
    // Swap in one batch: the second gets Full back while the owner steps down.
    const swap = await owner.call(
      'PUT',
      '/api/v1/settings/permissions',
      setLevels([
        { userId: ownerId, sectionId: 'user-management', accessLevel: 'view' },
        { userId: secondId, sectionId: 'settings', accessLevel: 'full' },
      ]),
    );
    expect(swap.status).toBe(200);
    expect(await fullSuperAdmins()).toEqual([SECOND]);
  });

  it('cannot be demoted or removed while the other super admins are restricted', async () => {
    await makeSecondSuperAdmin();
    const secondId = await idOf(SECOND);
    const ownerId = await idOf(OWNER);
    await db().execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level)
          select company_id, ${ownerId}, 'settings', 'view' from profiles where id = ${ownerId}`,
    );
    // The owner can still pass the gates (Settings at View, User Management at Full).
    const owner = await signedIn(OWNER);
    await expectLockoutRefusal(
      await owner.call('PUT', `/api/v1/settings/users/${secondId}/role`, { role: 'admin' }),
    );
    expect(await roleOf(SECOND)).toBe('super_admin');
    await expectLockoutRefusal(await owner.call('DELETE', `/api/v1/settings/users/${secondId}`));
    expect(await roleOf(SECOND)).toBe('super_admin');
    // The restricted owner is not the one the company depends on: they can be demoted.
    const second = await signedIn(SECOND);
    expect(
      (await second.call('PUT', `/api/v1/settings/users/${ownerId}/role`, { role: 'admin' })).status,
    ).toBe(200);
    expect(await fullSuperAdmins()).toEqual([SECOND]);
  });

  it('does not block repairs in a company that already has no full super admin', async () => {
    const ownerId = await idOf(OWNER);
    await db().execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level)
          select company_id, ${ownerId}, 'settings', 'view' from profiles where id = ${ownerId}`,
    );
    const owner = await signedIn(OWNER);
    const repair = await owner.call(
      'PUT',
      '/api/v1/settings/permissions',
      setLevels([{ userId: ownerId, sectionId: 'settings', accessLevel: 'full' }]),
    );
    expect(repair.status).toBe(200);
    expect(await fullSuperAdmins()).toEqual([OWNER]);
  });
});

describe('two super admins at the same moment', () => {
  // On PostgreSQL the two requests really overlap (a pool of 4); PGlite runs them one after the other.
  const where = postgresUrl ? 'PostgreSQL' : 'PGlite';

  it(`restricting each other: exactly one succeeds (${where})`, async () => {
    for (let round = 0; round < 3; round++) {
      await reset();
      await makeSecondSuperAdmin();
      const [a, b] = [await signedIn(OWNER), await signedIn(SECOND)];
      const [aId, bId] = [await idOf(OWNER), await idOf(SECOND)];
      const results = await Promise.all([
        a.call(
          'PUT',
          '/api/v1/settings/permissions',
          setLevels([{ userId: bId, sectionId: 'settings', accessLevel: 'view' }]),
        ),
        b.call(
          'PUT',
          '/api/v1/settings/permissions',
          setLevels([{ userId: aId, sectionId: 'user-management', accessLevel: 'admin' }]),
        ),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      expect((await fullSuperAdmins()).length, `round ${round}`).toBe(1);
    }
  });

  it(`demoting each other: exactly one succeeds (${where})`, async () => {
    for (let round = 0; round < 3; round++) {
      await reset();
      await makeSecondSuperAdmin();
      const [a, b] = [await signedIn(OWNER), await signedIn(SECOND)];
      const [aId, bId] = [await idOf(OWNER), await idOf(SECOND)];
      const results = await Promise.all([
        a.call('PUT', `/api/v1/settings/users/${bId}/role`, { role: 'admin' }),
        b.call('PUT', `/api/v1/settings/users/${aId}/role`, { role: 'operative' }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      // The loser is told either that the company needs a super admin at all (409 LAST_SUPER_ADMIN)
      // or, when it lost its own role first, that it may no longer use Settings (403).
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      expect(
        statuses.every((s) => s === 200 || s === 409 || s === 403),
        `round ${round}: ${statuses}`,
      ).toBe(true);
      expect((await fullSuperAdmins()).length, `round ${round}`).toBe(1);
    }
  });

  it(`restricting one while the other steps down: exactly one succeeds (${where})`, async () => {
    for (let round = 0; round < 3; round++) {
      await reset();
      await makeSecondSuperAdmin();
      const [a, b] = [await signedIn(OWNER), await signedIn(SECOND)];
      const aId = await idOf(OWNER);
      const bId = await idOf(SECOND);
      const results = await Promise.all([
        a.call(
          'PUT',
          '/api/v1/settings/permissions',
          setLevels([{ userId: aId, sectionId: 'settings', accessLevel: 'view' }]),
        ),
        b.call('PUT', `/api/v1/settings/users/${bId}/role`, { role: 'admin' }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      expect((await fullSuperAdmins()).length, `round ${round}`).toBe(1);
    }
  });
});
