/**
 * Actions that must do what they say (issue "Every screen right at every width"): cancelling an
 * invitation revokes the account created with it, and the permissions grid is told the access a
 * user really has (the role's ceiling), not only the stored level.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { httpClient, type Json, json, useTestApp } from '../test-context.ts';

const testApp = useTestApp();
const db = () => testApp.app.admin;
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(text));

async function signedIn(email: string, password = 'DemoPassw0rd!2026') {
  const client = httpClient(testApp.app.app);
  await client.signIn(email, password);
  return client;
}

async function signInStatus(email: string, password: string): Promise<number> {
  const res = await httpClient(testApp.app.app).call('POST', '/api/auth/sign-in/email', { email, password });
  return res.status;
}

async function invite(owner: Awaited<ReturnType<typeof signedIn>>, email: string) {
  const created = await owner.post('/api/v1/settings/users', {
    fullName: 'Invited Person',
    email,
    password: 'Temp0rary!pass',
  });
  expect(created.status).toBe(201);
  const { invitations } = await json(await owner.get('/api/v1/settings/invitations'));
  const invitation = invitations.find((i: Json) => i.email === email);
  expect(invitation).toBeTruthy();
  return invitation.id as string;
}

describe('Delete record on Recently Created Users', () => {
  it('revokes the invited account: its session ends and it can no longer sign in', async () => {
    const owner = await signedIn('owner@northwind.example');
    const email = 'cancelled.invite@northwind.example';
    const id = await invite(owner, email);
    const invited = await signedIn(email, 'Temp0rary!pass');
    expect((await invited.get('/api/v1/me')).status).toBe(200);

    const res = await owner.call('DELETE', `/api/v1/settings/invitations/${id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('Invitation cancelled');

    expect(await signInStatus(email, 'Temp0rary!pass')).not.toBe(200);
    expect((await invited.get('/api/v1/me')).status).toBe(401);
    const users = await json(await owner.get('/api/v1/settings/users'));
    expect(users.users.some((u: Json) => u.email === email)).toBe(false);
    const [access] = await query<{ roles: number }>(
      sql`select count(*)::int as roles from user_roles r join auth_users u on u.id = r.user_id where u.email = ${email}`,
    );
    expect(access?.roles).toBe(0);
  });

  it('does not touch an account of another company, and answers 404 there', async () => {
    const owner = await signedIn('owner@northwind.example');
    const email = 'kept.invite@northwind.example';
    const id = await invite(owner, email);
    const southbank = await signedIn('owner@southbank.example');
    expect((await southbank.call('DELETE', `/api/v1/settings/invitations/${id}`)).status).toBe(404);
    expect(await signInStatus(email, 'Temp0rary!pass')).toBe(200);
  });

  it('the address can be invited again afterwards', async () => {
    const owner = await signedIn('owner@northwind.example');
    const email = 'again.invite@northwind.example';
    const id = await invite(owner, email);
    expect((await owner.call('DELETE', `/api/v1/settings/invitations/${id}`)).status).toBe(200);
    await invite(owner, email);
    expect(await signInStatus(email, 'Temp0rary!pass')).toBe(200);
  });
});

describe('permissions grid', () => {
  it('reports the effective level per cell: the role gate wins over a stored Full', async () => {
    const owner = await signedIn('owner@northwind.example');
    const alice = (
      await query<{ id: string }>(sql`select id from auth_users where email = 'alice@northwind.example'`)
    )[0]?.id as string;
    const saved = await owner.call('PUT', '/api/v1/settings/permissions', {
      changes: [
        { userId: alice, sectionId: 'settings', accessLevel: 'full' },
        { userId: alice, sectionId: 'orders', accessLevel: 'view' },
      ],
    });
    expect(saved.status).toBe(200);
    const { users } = await json(await owner.get('/api/v1/settings/permissions'));
    const row = users.find((u: Json) => u.id === alice);
    expect(row).toMatchObject({ role: 'operative', editable: true });
    expect(row.effective).toMatchObject({ settings: 'no_access', employees: 'no_access', orders: 'view' });
    expect(row.roleBlocked).toEqual(expect.arrayContaining(['settings', 'employees', 'user-management']));
    expect(row.roleBlocked).not.toContain('orders');
    // What the grid says is what the gate does.
    const asAlice = await signedIn('alice@northwind.example');
    expect((await asAlice.get('/api/v1/settings/permissions')).status).toBe(403);
  });
});
