/**
 * The app as production runs it: connected as an owner role that is neither a superuser nor exempt
 * from row-level security (docs/operations.md). The tenant tables force their policies, which are for
 * app_user only, so the owner reads none of their rows: whatever the product reads as the owner
 * outside a tenant finds nothing. The other test files connect as the server's superuser, which
 * bypasses the policies and so cannot show such a fault (migration 0044 fixed two: the session
 * statement's change counts and leaver check, and the sign-in's leaver check; 0045 the invitation
 * link's look-up). `setup/owner-role-reads.test.ts` covers the server's reads outside a request.
 */
import { describe, expect, it } from 'vitest';
import {
  httpClient,
  json,
  latestMailTo,
  postgresUrl,
  TEST_OWNER_ROLE,
  useOwnerRoleTestApp,
} from '../../test/test-context.ts';

describe.runIf(Boolean(postgresUrl))('connected as a non-superuser owner (PostgreSQL)', () => {
  const server = useOwnerRoleTestApp();

  it('models production: the owner is no superuser and reads no tenant row outside a tenant', async () => {
    const [role] = (
      await server.admin.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
        'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
        [TEST_OWNER_ROLE],
      )
    ).rows;
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const asOwner = await server.app.database.db.execute('select count(*)::int as n from profiles');
    expect((asOwner as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    const asAdmin = await server.admin.query<{ n: number }>('select count(*)::int as n from profiles');
    expect(asAdmin.rows[0]?.n).toBeGreaterThan(0);
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
    const setEndDate = (endDate: string) =>
      server.admin.query(
        `update employee_records set end_date = ${endDate}
          where user_id = (select id from auth_users where email = 'tom@northwind.example')`,
      );
    try {
      await setEndDate('current_date + 1');
      expect((await tom.get('/api/v1/me')).status).toBe(200);
      await setEndDate('current_date');
      expect((await tom.get('/api/v1/me')).status).toBe(401);
      const again = await httpClient(server.app.app).call('POST', '/api/auth/sign-in/email', {
        email: 'tom@northwind.example',
        password: 'DemoPassw0rd!2026',
      });
      expect(again.status).toBe(403);
    } finally {
      await setEndDate('null');
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
