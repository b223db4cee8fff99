import { AUDIT_KINDS, type AuditKind } from '@hr/shared/audit/audit.schemas';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type Json, json, latestMailTo, useTestApp } from '../../../test/test-context.ts';
import { distinctClearMondays } from '../../../test/test-dates.ts';
import { rowsOf } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { recordAudit } from './audit.service.ts';

// Behind a trusted proxy, so the audit rows carry the X-Forwarded-For address.
const t = useTestApp({ env: () => ({ TRUST_PROXY: 'true' }) });
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const today = isoDate(new Date());
/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();

let ipCounter = 0;

/** A signed-in client whose every request comes from its own address. */
async function as(email: string, password?: string) {
  const ip = `198.51.100.${++ipCounter}`;
  const client = httpClient(t.app.app);
  await client.signIn(email, password);
  const headers = { 'x-forwarded-for': ip };
  return {
    ip,
    email,
    get: (url: string) => client.call('GET', url, undefined, headers),
    post: (url: string, body: unknown = {}) => client.call('POST', url, body, headers),
    put: (url: string, body: unknown) => client.call('PUT', url, body, headers),
    del: (url: string) => client.call('DELETE', url, undefined, headers),
    /** A CSV file as the multipart upload the import reads. */
    postCsv: (url: string, csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
      return t.app.app.request(url, {
        method: 'POST',
        body: form,
        headers: { ...headers, cookie: client.cookie },
      });
    },
  };
}
type Client = Awaited<ReturnType<typeof as>>;

const idOf = async (email: string) =>
  (await query<{ id: string }>(sql`select id from auth_users where email = ${email}`))[0]?.id as string;
const recordOf = async (email: string) =>
  (
    await query<{ id: string }>(
      sql`select e.id from employee_records e join auth_users u on u.id = e.user_id where u.email = ${email}`,
    )
  )[0]?.id as string;

async function expectOk(res: Response, status = 200): Promise<Json> {
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

interface AuditRow {
  kind: AuditKind;
  actor_user_id: string | null;
  actor_name: string | null;
  ip_address: string | null;
  target_id: string | null;
  before: Json;
  after: Json;
  company_id: string;
}

const rowsSince = (since: Date, kind: AuditKind) =>
  query<AuditRow>(
    sql`select kind, actor_user_id, actor_name, ip_address, target_id, before, after, company_id from audit_events
        where kind = ${kind} and created_at >= ${since.toISOString()} order by created_at`,
  );

beforeAll(async () => {
  const month = Number(today.slice(5, 7));
  const end = month === 1 ? 12 : month - 1;
  await t.app.admin.execute(
    sql`update company_settings set holiday_year_start_month = ${month}, holiday_year_end_month = ${end}`,
  );
});

/** Each change the trail records, made over the API by the person it should name. */
const CASES: {
  kind: AuditKind;
  by: string;
  run: (c: Client) => Promise<void>;
  check?: (row: AuditRow) => void;
}[] = [
  {
    kind: 'leave.booked',
    by: 'tom@northwind.example',
    run: async (c) => {
      const start = mondayAfter(40);
      await expectOk(
        await c.post('/api/v1/holidays/requests', { startDate: start, endDate: addDays(start, 1) }),
        201,
      );
    },
    check: (row) => expect(row.after).toMatchObject({ holidayType: 'annual', status: 'pending' }),
  },
  {
    kind: 'leave.decided',
    by: 'manager@northwind.example',
    run: async (c) => {
      const tom = await as('tom@northwind.example');
      const start = mondayAfter(50);
      const request = await expectOk(
        await tom.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
        201,
      );
      await expectOk(
        await c.post(`/api/v1/holidays/requests/${request.id}/decision`, {
          decision: 'reject',
          comment: 'Busy',
        }),
      );
    },
    check: (row) => {
      expect(row.before).toEqual({ status: 'pending' });
      expect(row.after).toMatchObject({ status: 'rejected', comment: 'Busy' });
    },
  },
  {
    kind: 'leave.cancelled',
    by: 'alice@northwind.example',
    run: async (c) => {
      const start = mondayAfter(60);
      const request = await expectOk(
        await c.post('/api/v1/holidays/requests', { startDate: start, endDate: start }),
        201,
      );
      await expectOk(await c.post(`/api/v1/holidays/requests/${request.id}/cancel`));
    },
    check: (row) => expect(row.after).toMatchObject({ status: 'cancelled' }),
  },
  {
    kind: 'leave.sickness_recorded',
    by: 'manager@northwind.example',
    run: async (c) => {
      let past = addDays(today, -20);
      while (new Date(`${past}T00:00:00Z`).getUTCDay() !== 2) past = addDays(past, -1);
      await expectOk(
        await c.post('/api/v1/holidays/sickness', {
          employeeRecordId: await recordOf('alice@northwind.example'),
          startDate: past,
          endDate: past,
        }),
        201,
      );
    },
  },
  {
    kind: 'ledger.adjusted',
    by: 'owner@northwind.example',
    run: async (c) => {
      const alice = await recordOf('alice@northwind.example');
      await expectOk(
        await c.post(`/api/v1/employees/${alice}/ledger`, {
          kind: 'adjustment',
          days: 1.5,
          reason: 'Long service',
        }),
        201,
      );
    },
    check: (row) =>
      expect(row.after).toMatchObject({ kind: 'adjustment', days: 1.5, reason: 'Long service' }),
  },
  {
    kind: 'employee.created',
    by: 'owner@northwind.example',
    run: async (c) => {
      await expectOk(
        await c.post('/api/v1/employees', {
          fullName: 'Audit Person',
          email: 'audit.person@northwind.example',
          position: 'Fitter',
          employeeNumber: 'AUD-1',
          startDate: '2024-02-01',
        }),
        201,
      );
    },
    check: (row) => {
      expect(row.before).toBeNull();
      expect(row.after).toMatchObject({ fullName: 'Audit Person', employeeNumber: 'AUD-1' });
    },
  },
  {
    kind: 'employee.updated',
    by: 'owner@northwind.example',
    run: async (c) => {
      const [row] = await query<{ id: string }>(
        sql`select id from employee_records where employee_number = 'AUD-1'`,
      );
      await expectOk(
        await c.put(`/api/v1/employees/${row?.id}`, {
          fullName: 'Audit Person',
          email: 'audit.person@northwind.example',
          position: 'Foreman',
          employeeNumber: 'AUD-1',
          startDate: '2024-02-01',
        }),
      );
    },
    check: (row) => {
      expect(row.before).toMatchObject({ position: 'Fitter' });
      expect(row.after).toMatchObject({ position: 'Foreman' });
    },
  },
  {
    kind: 'employee.end_date_set',
    by: 'owner@northwind.example',
    run: async (c) => {
      const [row] = await query<{ id: string }>(
        sql`select id from employee_records where employee_number = 'AUD-1'`,
      );
      await expectOk(await c.put(`/api/v1/employees/${row?.id}/end-date`, { endDate: addDays(today, 200) }));
    },
    check: (row) => expect(row.before).toEqual({ endDate: null }),
  },
  {
    kind: 'employee.deleted',
    by: 'owner@northwind.example',
    run: async (c) => {
      const [row] = await query<{ id: string }>(
        sql`select id from employee_records where employee_number = 'AUD-1'`,
      );
      await expectOk(await c.del(`/api/v1/employees/${row?.id}`));
    },
    check: (row) => expect(row.before).toMatchObject({ fullName: 'Audit Person' }),
  },
  {
    kind: 'employees.imported',
    by: 'owner@northwind.example',
    run: async (c) => {
      const csv =
        'employee number,full name,email,position,department\nAUD-IMP-1,Ivo Import,ivo.import@northwind.example,Fitter,Workshop\n';
      await expectOk(await c.postCsv('/api/v1/employees/import', csv));
    },
    check: (row) => expect(row.after).toMatchObject({ count: 1 }),
  },
  {
    kind: 'user.created',
    by: 'owner@northwind.example',
    run: async (c) => {
      await expectOk(
        await c.post('/api/v1/settings/users', {
          fullName: 'Rita Role',
          email: 'rita@northwind.example',
          password: 'Temp0rary!',
          role: 'operative',
        }),
        201,
      );
    },
  },
  {
    kind: 'role.changed',
    by: 'owner@northwind.example',
    run: async (c) => {
      await expectOk(
        await c.put(`/api/v1/settings/users/${await idOf('rita@northwind.example')}/role`, { role: 'admin' }),
      );
    },
    check: (row) => {
      expect(row.before).toEqual({ role: 'operative' });
      expect(row.after).toEqual({ role: 'admin' });
    },
  },
  {
    kind: 'permissions.changed',
    by: 'owner@northwind.example',
    run: async (c) => {
      await expectOk(
        await c.put('/api/v1/settings/permissions', {
          changes: [
            { userId: await idOf('rita@northwind.example'), sectionId: 'orders', accessLevel: 'view' },
          ],
        }),
      );
    },
    check: (row) => expect(row.after).toEqual({ orders: 'view' }),
  },
  {
    kind: 'user.removed',
    by: 'owner@northwind.example',
    run: async (c) => {
      await expectOk(await c.del(`/api/v1/settings/users/${await idOf('rita@northwind.example')}`));
    },
  },
  {
    kind: 'settings.changed',
    by: 'owner@northwind.example',
    run: async (c) => {
      const current = await expectOk(await c.get('/api/v1/settings/company'));
      await expectOk(await c.put('/api/v1/settings/company', { ...current, fullTimeHoursPerDay: 8 }));
    },
    check: (row) => {
      expect(row.before).toEqual({ fullTimeHoursPerDay: 7.5 });
      expect(row.after).toEqual({ fullTimeHoursPerDay: 8 });
    },
  },
  {
    kind: 'settings.changed',
    by: 'owner@northwind.example',
    run: async (c) => {
      const added = await expectOk(
        await c.post('/api/v1/settings/calendar-days', {
          date: mondayAfter(200),
          kind: 'closure',
          name: 'Stocktake',
        }),
        201,
      );
      expect(added.id).toBeTruthy();
    },
    check: (row) => expect(row.after).toMatchObject({ kind: 'closure', name: 'Stocktake' }),
  },
  {
    kind: 'settings.changed',
    by: 'owner@northwind.example',
    run: async (c) => {
      const current = await expectOk(await c.get('/api/v1/company'));
      await expectOk(
        await c.put('/api/v1/company', {
          legalName: current.legalName,
          tradingName: 'Northwind Audited',
          addresses: current.addresses,
        }),
      );
    },
    check: (row) => expect(row.after).toMatchObject({ tradingName: 'Northwind Audited' }),
  },
  {
    kind: 'invitation.sent',
    by: 'owner@northwind.example',
    run: async (c) => {
      await expectOk(
        await c.post('/api/v1/settings/invitations', { email: 'audit.invitee@northwind.example' }),
        201,
      );
    },
  },
  {
    kind: 'invitation.accepted',
    by: 'audit.invitee@northwind.example',
    run: async () => {
      // The invitation is a queued email (ADR 0095): the worker writes it to the outbox.
      await t.app.emailQueue.drain();
      const token = new URL(
        latestMailTo(t.app.outboxDir, 'audit.invitee@northwind.example').link,
      ).searchParams.get('token');
      const res = await httpClient(t.app.app).call(
        'POST',
        '/api/invitations/accept',
        { token, fullName: 'Audit Invitee', password: 'Invited-Passw0rd!' },
        { 'x-forwarded-for': `198.51.100.${++ipCounter}` },
      );
      expect(res.status).toBe(200);
    },
  },
  {
    kind: 'invitation.cancelled',
    by: 'owner@northwind.example',
    run: async (c) => {
      const sent = await expectOk(
        await c.post('/api/v1/settings/invitations', { email: 'audit.cancel@northwind.example' }),
        201,
      );
      await expectOk(await c.del(`/api/v1/settings/invitations/${sent.invitation.id}`));
    },
  },
  {
    kind: 'company.switched',
    by: 'dev@northwind.example',
    run: async (c) => {
      const list = await expectOk(await c.get('/api/v1/companies'));
      const southbank = list.companies.find((x: { name: string }) => x.name === 'Southbank Hire Ltd');
      await expectOk(await c.post('/api/v1/companies/switch', { companyId: southbank.id }));
      const northwind = list.companies.find((x: { name: string }) => x.name === 'Northwind Engineering Ltd');
      await expectOk(await c.post('/api/v1/companies/switch', { companyId: northwind.id }));
    },
  },
];

describe('every change writes one audit row, naming who, from where', () => {
  it('covers every kind', () => {
    expect(new Set(CASES.map((c) => c.kind))).toEqual(new Set(AUDIT_KINDS));
  });

  for (const [i, c] of CASES.entries()) {
    it(`${c.kind} (${i + 1})`, async () => {
      const since = new Date(Date.now() - 1);
      // The invitee has no login before accepting: their client is made in the case itself.
      const client = c.kind === 'invitation.accepted' ? null : await as(c.by);
      await c.run(client as Client);
      const rows = await rowsSince(since, c.kind);
      const mine = c.kind === 'company.switched' ? rows.slice(0, 1) : rows;
      expect(mine).toHaveLength(1);
      const row = mine[0] as AuditRow;
      expect(row.actor_user_id).toBe(await idOf(c.by));
      expect(row.actor_name).toBeTruthy();
      if (client) expect(row.ip_address).toBe(client.ip);
      else expect(row.ip_address).toMatch(/^198\.51\.100\./);
      c.check?.(row);
    });
  }
});

describe('the audit trail in a transaction', () => {
  it('leaves no row when the change rolls back', async () => {
    const [company] = await query<{ id: string }>(
      sql`select id from companies where name = 'Northwind Engineering Ltd'`,
    );
    const companyId = company?.id as string;
    const before = await query<{ n: number }>(sql`select count(*)::int as n from audit_events`);
    await expect(
      withTenant(t.app.database.db, { companyId, userId: null, role: 'super_admin' }, async (tx) => {
        await recordAudit(
          tx,
          { companyId, userId: null, name: 'test', ipAddress: null },
          {
            kind: 'settings.changed',
            targetType: 'company_settings',
          },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    // Over the API: an employee whose invitation is refused inside the transaction is not created,
    // and neither is its employee.created row.
    const owner = await as('owner@northwind.example');
    await expectOk(
      await owner.post('/api/v1/settings/invitations', { email: 'rollback@northwind.example' }),
      201,
    );
    const since = new Date();
    const refused = await owner.post('/api/v1/employees', {
      fullName: 'Rolled Back',
      email: 'rollback@northwind.example',
      position: 'Fitter',
      employeeNumber: 'AUD-RB',
      startDate: '2024-02-01',
      sendInvitation: true,
    });
    expect(refused.status).toBe(409);
    expect(await rowsSince(since, 'employee.created')).toHaveLength(0);
    const after = await query<{ n: number }>(sql`select count(*)::int as n from audit_events`);
    // Only the invitation sent above was added.
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);
  });

  /** The database's own message (Drizzle wraps it as "Failed query: ..." with the error as cause). */
  const refusal = async (work: Promise<unknown>) => {
    const err = await work.then(
      () => null,
      (e: unknown) => e as { message: string; cause?: { message?: string } },
    );
    expect(err, 'the statement was not refused').not.toBeNull();
    return String(err?.cause?.message ?? err?.message);
  };

  it('refuses update and delete to the serving role, whatever the company', async () => {
    const [company] = await query<{ id: string }>(
      sql`select id from companies where name = 'Northwind Engineering Ltd'`,
    );
    const tenant = { companyId: company?.id as string, userId: null, role: 'super_admin' as const };
    const before = await query<{ n: number }>(sql`select count(*)::int as n from audit_events`);
    expect(
      await refusal(
        withTenant(t.app.database.db, tenant, (tx) =>
          tx.execute(sql`update audit_events set kind = 'role.changed'`),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await refusal(withTenant(t.app.database.db, tenant, (tx) => tx.execute(sql`delete from audit_events`))),
    ).toMatch(/permission denied/);
    expect(
      await refusal(withTenant(t.app.database.db, tenant, (tx) => tx.execute(sql`truncate audit_events`))),
    ).toMatch(/permission denied/);
    const after = await query<{ n: number }>(sql`select count(*)::int as n from audit_events`);
    expect(after).toEqual(before);
    // Nor can a row be written into another company.
    const [other] = await query<{ id: string }>(
      sql`select id from companies where name = 'Southbank Hire Ltd'`,
    );
    expect(
      await refusal(
        withTenant(t.app.database.db, tenant, (tx) =>
          tx.execute(
            sql`insert into audit_events (company_id, kind, target_type) values (${other?.id}, 'settings.changed', 'x')`,
          ),
        ),
      ),
    ).toMatch(/row-level security/);
  });
});

describe('reading the audit trail', () => {
  it('is for super admins: operatives, line managers and admins get 403, anonymous 401', async () => {
    for (const email of ['alice@northwind.example', 'manager@northwind.example', 'admin@northwind.example']) {
      const client = await as(email);
      expect((await client.get('/api/v1/settings/audit-events')).status).toBe(403);
      expect((await client.get('/api/v1/settings/audit-events/export')).status).toBe(403);
    }
    expect((await httpClient(t.app.app).get('/api/v1/settings/audit-events')).status).toBe(401);
  });

  it("never shows another company's rows", async () => {
    const southbank = await as('owner@southbank.example');
    const page = await expectOk(await southbank.get('/api/v1/settings/audit-events'));
    const northwindOwner = await idOf('owner@northwind.example');
    expect(page.items.some((r: { actorUserId: string }) => r.actorUserId === northwindOwner)).toBe(false);
    const filtered = await expectOk(
      await southbank.get(`/api/v1/settings/audit-events?userId=${northwindOwner}`),
    );
    expect(filtered.items).toEqual([]);
    const csv = await (await southbank.get('/api/v1/settings/audit-events/export')).text();
    expect(csv).not.toContain(northwindOwner);
    const [company] = await query<{ id: string }>(
      sql`select id from companies where name = 'Southbank Hire Ltd'`,
    );
    const all = await query<{ n: number }>(
      sql`select count(*)::int as n from audit_events where company_id = ${company?.id}`,
    );
    expect(page.total).toBe(all[0]?.n);
  });

  it('filters by person, kind and dates, pages newest first, and refuses bad filters with 400', async () => {
    const owner = await as('owner@northwind.example');
    const ownerId = await idOf('owner@northwind.example');
    const byOwner = await expectOk(await owner.get(`/api/v1/settings/audit-events?userId=${ownerId}`));
    expect(byOwner.items.length).toBeGreaterThan(0);
    expect(byOwner.items.every((r: { actorUserId: string }) => r.actorUserId === ownerId)).toBe(true);
    expect(byOwner.people.some((p: { id: string }) => p.id === ownerId)).toBe(true);
    const sorted = [...byOwner.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(byOwner.items).toEqual(sorted);

    const roles = await expectOk(await owner.get('/api/v1/settings/audit-events?kind=role.changed'));
    expect(roles.items.every((r: { kind: string }) => r.kind === 'role.changed')).toBe(true);
    expect(roles.total).toBeGreaterThan(0);

    const todays = await expectOk(await owner.get(`/api/v1/settings/audit-events?from=${today}&to=${today}`));
    const all = await expectOk(await owner.get('/api/v1/settings/audit-events'));
    // Every row of this run was written today (UTC).
    expect(todays.total).toBe(all.total);
    const none = await expectOk(
      await owner.get('/api/v1/settings/audit-events?from=2001-01-01&to=2001-01-02'),
    );
    expect(none).toMatchObject({ items: [], total: 0 });
    const page2 = await expectOk(await owner.get('/api/v1/settings/audit-events?page=2'));
    expect(page2.page).toBe(2);

    for (const q of [
      'kind=nope',
      'userId=not-a-uuid',
      'from=2024-13-45',
      // Year 0000 and impossible days were a 500 (a Date of NaN in the query) before a shared check.
      'from=0000-01-01',
      'to=0000-01-01',
      'from=2026-02-30',
      'to=10000-01-01',
      'from=2024-05-02&to=2024-05-01',
      'page=0',
      'from=%00',
    ]) {
      expect((await owner.get(`/api/v1/settings/audit-events?${q}`)).status, q).toBe(400);
    }
  });

  it('exports CSV with formula cells escaped', async () => {
    const owner = await as('owner@northwind.example');
    await expectOk(
      await owner.post('/api/v1/employees', {
        fullName: '=HYPERLINK("http://evil.example","x")',
        email: 'formula@northwind.example',
        position: '+SUM(1,2)',
        employeeNumber: '@AUD-CSV',
        startDate: '2024-02-01',
      }),
      201,
    );
    const res = await owner.get('/api/v1/settings/audit-events/export?kind=employee.created');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-trail-/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,User id,Kind,Target type,Target,Target id,Before,After,IP address');
    expect(text).toContain(`,employee,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(text).not.toMatch(/(^|,)[=+\-@]/m);
  });
});
