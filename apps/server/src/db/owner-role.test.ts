/**
 * The app as production runs it: connected as an owner role that is neither a superuser nor exempt
 * from row-level security (docs/operations.md). The tenant tables force their policies, which are for
 * app_user only, so the owner reads none of their rows: whatever the product reads as the owner
 * outside a tenant finds nothing. Every test file on the PostgreSQL lane runs the app so
 * (test/test-context.ts); these cases name the faults found that way (migration 0044 fixed two: the
 * session statement's change counts and leaver check, and the sign-in's leaver check; 0045 the
 * invitation link's look-up). `setup/owner-role-reads.test.ts` covers the server's reads outside a request.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  httpClient,
  json,
  latestMailTo,
  postgresUrl,
  TEST_OWNER_ROLE,
  useTestApp,
} from '../../test/test-context.ts';
import { rowsOf } from './client.ts';

describe.runIf(Boolean(postgresUrl))('connected as a non-superuser owner (PostgreSQL)', () => {
  const server = useTestApp();
  const admin = <T>(query: ReturnType<typeof sql>) =>
    server.app.admin.execute(query).then((result) => rowsOf<T>(result));

  it('models production: the owner is no superuser and reads no tenant row outside a tenant', async () => {
    const [role] = await admin<{ rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${TEST_OWNER_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const [asOwner] = rowsOf<{ n: number; who: string }>(
      await server.app.database.db.execute(sql`select count(*)::int as n, current_user as who from profiles`),
    );
    expect(asOwner).toEqual({ n: 0, who: TEST_OWNER_ROLE });
    const [asAdmin] = await admin<{ n: number }>(sql`select count(*)::int as n from profiles`);
    expect(asAdmin?.n).toBeGreaterThan(0);
  });

  it('shows a change on the next read: the session statement reads the company’s change counts', async () => {
    const owner = httpClient(server.app.app);
    await owner.signIn('owner@northwind.example');
    const before = await json(await owner.get('/api/v1/employees?page=1'));
    const created = await owner.post('/api/v1/employees', {
      fullName: 'Next Read',
      email: 'next.read@northwind.example',
      employeeNumber: 'NR-1',
      position: 'Fitter',
      startDate: '2026-01-05',
    });
    expect(created.status).toBe(201);
    const after = await json(await owner.get('/api/v1/employees?page=1'));
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((e: { fullName: string }) => e.fullName)).toContain('Next Read');
  });

  it('ends a leaver’s session on their end date and refuses their sign-in', async () => {
    const tom = httpClient(server.app.app);
    await tom.signIn('tom@northwind.example');
    expect((await tom.get('/api/v1/me')).status).toBe(200);
    const setEndDate = (endDate: ReturnType<typeof sql>) =>
      admin(
        sql`update employee_records set end_date = ${endDate}
          where user_id = (select id from auth_users where email = 'tom@northwind.example')`,
      );
    try {
      await setEndDate(sql`current_date + 1`);
      expect((await tom.get('/api/v1/me')).status).toBe(200);
      await setEndDate(sql`current_date`);
      expect((await tom.get('/api/v1/me')).status).toBe(401);
      const again = await httpClient(server.app.app).call('POST', '/api/auth/sign-in/email', {
        email: 'tom@northwind.example',
        password: 'DemoPassw0rd!2026',
      });
      expect(again.status).toBe(403);
    } finally {
      await setEndDate(sql`null`);
    }
    expect((await httpClient(server.app.app).signIn('tom@northwind.example')).status).toBe(200);
  });

  it('lets an invitee open and accept the emailed link', async () => {
    const owner = httpClient(server.app.app);
    await owner.signIn('owner@northwind.example');
    const sent = await owner.post('/api/v1/settings/invitations', {
      email: 'link.holder@northwind.example',
      role: 'operative',
    });
    expect(sent.status).toBe(201);
    await server.app.emailQueue.drain();
    const token = new URL(
      latestMailTo(server.app.outboxDir, 'link.holder@northwind.example').link,
    ).searchParams.get('token');
    const invitee = httpClient(server.app.app);
    const opened = await invitee.post('/api/invitations/lookup', { token });
    expect(opened.status).toBe(200);
    expect(JSON.stringify(await json(opened))).toContain('link.holder@northwind.example');
    const accepted = await invitee.post('/api/invitations/accept', {
      token,
      fullName: 'Link Holder',
      password: 'Invited-Passw0rd!',
    });
    expect(accepted.status).toBe(200);
    expect((await json(await invitee.get('/api/v1/me'))).profile.fullName).toBe('Link Holder');
  });
});
