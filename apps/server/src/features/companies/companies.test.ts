import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { securityEvents } from '../../db/schema/security.ts';

const testApp = useTestApp();
const app = () => testApp.app.app;

async function signedIn(email: string) {
  const client = httpClient(app());
  await client.signIn(email);
  return client;
}

describe('company switching', () => {
  it('is refused with 403 to every role but developer', async () => {
    for (const email of ['owner@northwind.example', 'admin@northwind.example', 'alice@northwind.example']) {
      const client = await signedIn(email);
      expect((await client.get('/api/v1/companies')).status).toBe(403);
      const list = await json(await (await signedIn('dev@northwind.example')).get('/api/v1/companies'));
      const res = await client.post('/api/v1/companies/switch', { companyId: list.companies[0].id });
      expect(res.status).toBe(403);
    }
  });

  it('lists active companies by name with display names, and switches the developer', async () => {
    const dev = await signedIn('dev@northwind.example');
    const { companies } = await json(await dev.get('/api/v1/companies'));
    expect(companies.map((c: { name: string; displayName: string }) => [c.name, c.displayName])).toEqual([
      ['Northwind Engineering Ltd', 'Northwind'],
      ['Southbank Hire Ltd', 'Southbank Hire Ltd'],
    ]);
    const southbank = companies[1];
    const res = await dev.post('/api/v1/companies/switch', { companyId: southbank.id });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ companyId: southbank.id, fullName: 'Dev Patel' });
    const me = await json(await dev.get('/api/v1/me'));
    expect(me.company.id).toBe(southbank.id);
    // The developer now works on Southbank's data.
    const settings = await json(await dev.get('/api/v1/settings/users'));
    expect(settings.users.map((u: { email: string }) => u.email)).toContain('sam@southbank.example');
    expect(settings.users.map((u: { email: string }) => u.email)).not.toContain('alice@northwind.example');
    const events = await testApp.app.admin
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.action, 'company_switched'));
    expect(events).toHaveLength(1);

    expect(
      (await dev.post('/api/v1/companies/switch', { companyId: '00000000-0000-4000-8000-000000000000' }))
        .status,
    ).toBe(404);
    expect((await dev.post('/api/v1/companies/switch', { companyId: 'nope' })).status).toBe(400);
  });
});
