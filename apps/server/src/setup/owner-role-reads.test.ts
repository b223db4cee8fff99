/**
 * The server's own reads outside a request's tenant, as production runs them: connected as an owner
 * role that is neither a superuser nor exempt from row-level security (docs/operations.md; see
 * db/owner-role.test.ts). Such an owner reads no row of a tenant table outside a tenant, so the
 * timers' company lists, the calendar feed's and the Slack click's look-ups and the email worker's
 * branding read in a tenant. The other test files connect as the server's superuser, which bypasses
 * the policies and so cannot show such a fault.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, postgresUrl, useTestApp } from '../../test/test-context.ts';
import { rowsOf } from '../db/client.ts';
import { listCompanyIds } from '../features/email/email.repository.ts';
import { listCompaniesForRollover } from '../features/leave/leave.repository.ts';
import { findSlackActors } from '../features/slack-approvals/slack-approvals.repository.ts';

describe.runIf(Boolean(postgresUrl))('the server’s own reads as a non-superuser owner (PostgreSQL)', () => {
  const server = useTestApp();
  const admin = <T>(query: ReturnType<typeof sql>) =>
    server.app.admin.execute(query).then((result) => rowsOf<T>(result));

  it('lists every company for the leavers’ sweep and the rollover', async () => {
    const rows = await admin<{ id: string }>(sql`select id from companies order by id`);
    expect(rows.length).toBe(2);
    expect((await listCompanyIds(server.app.database.db)).sort()).toEqual(rows.map((r) => r.id));
    expect(await listCompaniesForRollover(server.app.database.db)).toEqual(rows.map((r) => ({ id: r.id })));
  });

  it('serves a calendar feed by its token', async () => {
    const alice = httpClient(server.app.app);
    await alice.signIn('alice@northwind.example');
    const created = await alice.post('/api/v1/calendar-feeds', { scope: 'me', includeBankHolidays: false });
    expect(created.status).toBe(201);
    const { url } = await json(created);
    const feed = await server.app.app.request(new URL(url).pathname);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  });

  it('finds the Slack user who clicked in the company', async () => {
    const [manager] = await admin<{ id: string; company_id: string }>(
      sql`select id, company_id from profiles where email = 'manager@northwind.example'`,
    );
    if (!manager) throw new Error('no manager in the seed');
    await admin(
      sql`insert into slack_user_mappings (company_id, user_id, slack_user_id, is_oauth_connected)
       values (${manager.company_id}, ${manager.id}, 'UOWNERROLE1', true)`,
    );
    const actors = await findSlackActors(server.app.database.db, manager.company_id, 'UOWNERROLE1');
    expect(actors).toMatchObject([
      { userId: manager.id, email: 'manager@northwind.example', role: 'operative' },
    ]);
  });

  it('brands an email with its company', async () => {
    const res = await httpClient(server.app.app).post('/api/auth/request-password-reset', {
      email: 'owner@southbank.example',
    });
    expect(res.status).toBe(200);
    let mail: { to: string; html: string } | undefined;
    for (let i = 0; i < 100 && !mail; i += 1) {
      await server.app.emailQueue.drain();
      if (!existsSync(server.app.outboxDir)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      mail = readdirSync(server.app.outboxDir, { withFileTypes: true })
        .filter((f) => f.name.endsWith('.json'))
        .map(
          (f) =>
            JSON.parse(readFileSync(path.join(server.app.outboxDir, f.name), 'utf8')) as {
              to: string;
              html: string;
            },
        )
        .find((m) => m.to === 'owner@southbank.example');
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail?.html).toContain('Southbank');
  });
});
