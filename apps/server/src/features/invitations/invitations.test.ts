import { INVITATION_ERROR_CODES, INVITATION_MESSAGES } from '@hr/shared/invitations/invitations.schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, latestMailTo, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { NO_DATA_VERSIONS } from '../../db/data-areas.ts';
import { withTenant } from '../../db/tenant.ts';
import { type Principal, tenantOf } from '../../http/app-env.ts';
import { hasPendingInvitation, pendingInvitationQuery } from './invitations.repository.ts';
import { createInvitationInTx } from './invitations.service.ts';

const t = useTestApp();
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const PASSWORD = 'Invited-Passw0rd!';

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

/** The token of the newest invitation mailed to `to`, read from its link once the queue has sent it. */
async function tokenMailedTo(to: string): Promise<string> {
  await t.app.emailQueue.drain();
  const mail = latestMailTo(t.app.outboxDir, to);
  const url = new URL(mail.link);
  expect(url.pathname).toBe('/auth/accept-invitation');
  return url.searchParams.get('token') ?? '';
}

async function employee(owner: ReturnType<typeof httpClient>, body: Record<string, unknown>) {
  const res = await owner.post('/api/v1/employees', {
    position: 'Fitter',
    startDate: '2024-01-08',
    ...body,
  });
  return { res, body: await json(res) };
}

describe('sending an invitation', () => {
  it('mails a single-use link whose token is stored only hashed, lists it newest first, and the invitee lands signed in with the employee record linked', async () => {
    const owner = await signedIn('owner@northwind.example');
    const created = await employee(owner, {
      fullName: 'Ivy Invitee',
      email: 'ivy.invitee@northwind.example',
      employeeNumber: 'INV-1',
    });
    expect(created.res.status).toBe(201);

    const res = await owner.post('/api/v1/settings/invitations', {
      email: 'Ivy.Invitee@northwind.example',
      role: 'operative',
    });
    expect(res.status).toBe(201);
    const sent = await json(res);
    expect(sent.message).toBe('Invitation sent to ivy.invitee@northwind.example');
    const days = (Date.parse(sent.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = await tokenMailedTo('ivy.invitee@northwind.example');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await query<{ token_hash: string }>(
      sql`select token_hash from invitations where id = ${sent.invitation.id}`,
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(token);

    const list = await json(await owner.get('/api/v1/settings/invitations'));
    expect(list.invitations[0]).toMatchObject({ email: 'ivy.invitee@northwind.example', role: 'operative' });

    const anonymous = httpClient(t.app.app);
    const lookup = await anonymous.post('/api/invitations/lookup', { token });
    expect(lookup.status).toBe(200);
    expect(await json(lookup)).toMatchObject({
      email: 'ivy.invitee@northwind.example',
      fullName: 'Ivy Invitee',
    });

    const weak = await anonymous.post('/api/invitations/accept', {
      token,
      fullName: 'Ivy',
      password: 'short',
    });
    expect(weak.status).toBe(400);

    const accepted = await anonymous.post('/api/invitations/accept', {
      token,
      fullName: 'Ivy Invitee',
      password: PASSWORD,
    });
    expect(accepted.status).toBe(200);
    expect((await json(accepted)).message).toBe(INVITATION_MESSAGES.accepted);
    const me = await anonymous.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({ user: { email: 'ivy.invitee@northwind.example' } });
    const balance = await anonymous.get('/api/v1/holidays/balance');
    expect(balance.status).toBe(200);

    const [linked] = await query<{ user_id: string | null; email: string }>(
      sql`select e.user_id, u.email from employee_records e join auth_users u on u.id = e.user_id where e.id = ${created.body.id}`,
    );
    expect(linked?.email).toBe('ivy.invitee@northwind.example');

    // Used: the link says so, and it is no longer listed.
    const again = await httpClient(t.app.app).post('/api/invitations/accept', {
      token,
      fullName: 'Someone Else',
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error).toMatchObject({
      code: INVITATION_ERROR_CODES.INVITATION_USED,
      message: INVITATION_MESSAGES.linkUsed,
    });
    const after = await json(await owner.get('/api/v1/settings/invitations'));
    expect(
      after.invitations.some((i: { email: string }) => i.email === 'ivy.invitee@northwind.example'),
    ).toBe(false);
    // The new login signs in with the password the invitee chose.
    const direct = httpClient(t.app.app);
    expect(
      (
        await direct.call('POST', '/api/auth/sign-in/email', {
          email: 'ivy.invitee@northwind.example',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('links the employee chosen at invite time even with another address, with the role given', async () => {
    const owner = await signedIn('owner@northwind.example');
    const created = await employee(owner, {
      fullName: 'Paul Private',
      email: 'paul.home@example.org',
      employeeNumber: 'INV-2',
    });
    const res = await owner.post('/api/v1/settings/invitations', {
      email: 'paul@northwind.example',
      role: 'admin',
      employeeRecordId: created.body.id,
    });
    expect(res.status).toBe(201);
    const token = await tokenMailedTo('paul@northwind.example');
    const invitee = httpClient(t.app.app);
    expect(
      (await invitee.post('/api/invitations/accept', { token, fullName: 'Paul Private', password: PASSWORD }))
        .status,
    ).toBe(200);
    const [row] = await query<{ email: string; role: string }>(
      sql`select u.email, r.role from employee_records e join auth_users u on u.id = e.user_id
          join user_roles r on r.user_id = u.id where e.id = ${created.body.id}`,
    );
    expect(row).toEqual({ email: 'paul@northwind.example', role: 'admin' });
  });

  it('refuses an address that has a login, a second pending invitation, and another company’s or a linked employee record', async () => {
    const owner = await signedIn('owner@northwind.example');
    const taken = await owner.post('/api/v1/settings/invitations', { email: 'alice@northwind.example' });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error.message).toBe(INVITATION_MESSAGES.userExists);

    expect(
      (await owner.post('/api/v1/settings/invitations', { email: 'twice@northwind.example' })).status,
    ).toBe(201);
    const twice = await owner.post('/api/v1/settings/invitations', { email: 'twice@northwind.example' });
    expect(twice.status).toBe(409);
    expect((await json(twice)).error.message).toBe(INVITATION_MESSAGES.alreadyInvited);

    const southbank = await signedIn('owner@southbank.example');
    const [sam] = await query<{ id: string }>(
      sql`select e.id from employee_records e join auth_users u on u.id = e.user_id where u.email = 'sam@southbank.example'`,
    );
    const stranger = await owner.post('/api/v1/settings/invitations', {
      email: 'stranger@northwind.example',
      employeeRecordId: sam?.id,
    });
    expect(stranger.status).toBe(400);
    expect((await json(stranger)).error.message).toBe(INVITATION_MESSAGES.employeeUnknown);
    const [alice] = await query<{ id: string }>(
      sql`select e.id from employee_records e join auth_users u on u.id = e.user_id where u.email = 'alice@northwind.example'`,
    );
    const linked = await owner.post('/api/v1/settings/invitations', {
      email: 'alias@northwind.example',
      employeeRecordId: alice?.id,
    });
    expect(linked.status).toBe(409);
    expect((await json(linked)).error.message).toBe(INVITATION_MESSAGES.employeeLinked);
    // Nothing of that was written.
    const rows = await query<{ n: number }>(
      sql`select count(*)::int as n from invitations where email in ('alice@northwind.example', 'stranger@northwind.example', 'alias@northwind.example')`,
    );
    expect(rows[0]?.n).toBe(0);
    expect(southbank.cookie).not.toBe('');
  });

  it('is sent once when the same address is invited many times at once: one 201, the rest 409, one email', async () => {
    const owner = await signedIn('owner@northwind.example');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        owner.post('/api/v1/settings/invitations', {
          // The same address, in any case: the check ignores case.
          email: i % 2 ? 'many.at.once@northwind.example' : 'Many.At.Once@Northwind.example',
        }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 11 }, () => 409)]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect((await json(res)).error.message).toBe(INVITATION_MESSAGES.alreadyInvited);
    }
    const rows = await query<{ invitations: number; emails: number }>(
      sql`select (select count(*)::int from invitations where email_lower = 'many.at.once@northwind.example') as invitations,
        (select count(*)::int from email_outbox where lower(to_address) = 'many.at.once@northwind.example') as emails`,
    );
    expect(rows[0]).toEqual({ invitations: 1, emails: 1 });
  });

  it('is one invitation or one created user when both are asked for one address at once: one 201, the rest 409', async () => {
    const owner = await signedIn('owner@northwind.example');
    const email = 'invited.or.created@northwind.example';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? owner.post('/api/v1/settings/invitations', { email })
          : owner.post('/api/v1/settings/users', { fullName: 'Ivy Created', email, password: 'secret1' }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect([INVITATION_MESSAGES.userExists, INVITATION_MESSAGES.alreadyInvited]).toContain(
        (await json(res)).error.message,
      );
    }
    // Before the lock: a created user and a pending emailed invitation to the same address, or more.
    const [row] = await query<{ logins: number; invitations: number }>(
      sql`select (select count(*)::int from auth_users where lower(email) = ${email}) as logins,
        (select count(*)::int from invitations where email_lower = ${email}) as invitations`,
    );
    expect(row?.invitations).toBe(1);
    const createdWon = answers.findIndex((r) => r.status === 201) % 2 === 0;
    expect(row?.logins).toBe(createdWon ? 1 : 0);
    // One after the other too: a user is not created for an address with a pending invitation.
    const first = 'invited.first@northwind.example';
    expect((await owner.post('/api/v1/settings/invitations', { email: first })).status).toBe(201);
    const created = await owner.post('/api/v1/settings/users', {
      fullName: 'Ivy',
      email: first,
      password: 'secret1',
    });
    expect(created.status).toBe(409);
    expect((await json(created)).error.message).toBe(INVITATION_MESSAGES.alreadyInvited);
  });

  it('is closed to admins, operatives and anonymous callers; bad input is a 400', async () => {
    for (const email of ['admin@northwind.example', 'alice@northwind.example', 'manager@northwind.example']) {
      const client = await signedIn(email);
      expect(
        (await client.post('/api/v1/settings/invitations', { email: 'x1@northwind.example' })).status,
      ).toBe(403);
    }
    expect(
      (await httpClient(t.app.app).post('/api/v1/settings/invitations', { email: 'x2@northwind.example' }))
        .status,
    ).toBe(401);
    const owner = await signedIn('owner@northwind.example');
    for (const body of [
      { email: 'not-an-address' },
      { email: 'x3@northwind.example', role: 'developer' },
      { email: 'x4@northwind.example\u0000' },
      { email: 'x5@northwind.example', employeeRecordId: 'nope' },
      { email: 'x6@northwind.example', extra: true },
    ]) {
      expect((await owner.post('/api/v1/settings/invitations', body)).status).toBe(400);
    }
    const anonymous = httpClient(t.app.app);
    expect((await anonymous.post('/api/invitations/lookup', { token: '' })).status).toBe(400);
    expect((await anonymous.post('/api/invitations/lookup', { token: 'x'.repeat(300) })).status).toBe(400);
    expect((await anonymous.post('/api/invitations/lookup', { token: 'a\u0000b' })).status).toBe(400);
    const unknown = await anonymous.post('/api/invitations/lookup', { token: 'never-sent-token' });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error.message).toBe(INVITATION_MESSAGES.linkUnknown);
  });
});

describe('a link that no longer works', () => {
  it('says the invitation expired, or was cancelled, and creates nothing', async () => {
    const owner = await signedIn('owner@northwind.example');
    const sent = await json(
      await owner.post('/api/v1/settings/invitations', { email: 'late@northwind.example' }),
    );
    const token = await tokenMailedTo('late@northwind.example');
    await t.app.admin.execute(
      sql`update invitations set expires_at = now() - interval '1 minute' where id = ${sent.invitation.id}`,
    );
    const anonymous = httpClient(t.app.app);
    const expired = await anonymous.post('/api/invitations/accept', {
      token,
      fullName: 'Late',
      password: PASSWORD,
    });
    expect(expired.status).toBe(409);
    expect((await json(expired)).error).toMatchObject({
      code: INVITATION_ERROR_CODES.INVITATION_EXPIRED,
      message: INVITATION_MESSAGES.linkExpired,
    });

    await owner.post('/api/v1/settings/invitations', { email: 'gone@northwind.example' });
    const cancelToken = await tokenMailedTo('gone@northwind.example');
    const list = await json(await owner.get('/api/v1/settings/invitations'));
    const gone = list.invitations.find((i: { email: string }) => i.email === 'gone@northwind.example');
    const cancel = await owner.call('DELETE', `/api/v1/settings/invitations/${gone.id}`);
    expect((await json(cancel)).message).toBe('Invitation cancelled');
    const cancelled = await anonymous.post('/api/invitations/accept', {
      token: cancelToken,
      fullName: 'Gone',
      password: PASSWORD,
    });
    expect(cancelled.status).toBe(404);
    expect((await json(cancelled)).error.message).toBe(INVITATION_MESSAGES.linkUnknown);
    const logins = await query<{ n: number }>(
      sql`select count(*)::int as n from auth_users where email in ('late@northwind.example', 'gone@northwind.example')`,
    );
    expect(logins[0]?.n).toBe(0);
  });

  it('is accepted once when the link is used several times at once', async () => {
    const owner = await signedIn('owner@northwind.example');
    await owner.post('/api/v1/settings/invitations', { email: 'burst@northwind.example' });
    const token = await tokenMailedTo('burst@northwind.example');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        httpClient(t.app.app).post('/api/invitations/accept', {
          token,
          fullName: 'Burst',
          password: PASSWORD,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const logins = await query<{ n: number }>(
      sql`select count(*)::int as n from profiles where email = 'burst@northwind.example'`,
    );
    expect(logins[0]?.n).toBe(1);
  });
});

describe('inviting from the employee form', () => {
  it('is cancelled when the record is deleted before the invitee accepts: the link no longer works', async () => {
    const owner = await signedIn('owner@northwind.example');
    const created = await employee(owner, {
      fullName: 'Gone Before Joining',
      email: 'gone.before@northwind.example',
      employeeNumber: 'INV-D1',
      sendInvitation: true,
    });
    expect(created.res.status).toBe(201);
    const token = await tokenMailedTo('gone.before@northwind.example');
    expect((await owner.call('DELETE', `/api/v1/employees/${created.body.id}`)).status).toBe(200);

    const accepted = await httpClient(t.app.app).post('/api/invitations/accept', {
      token,
      fullName: 'Gone Before Joining',
      password: PASSWORD,
    });
    expect(accepted.status).toBe(404);
    expect((await json(accepted)).error.code).toBe(INVITATION_ERROR_CODES.INVITATION_UNKNOWN);
    const rows = await query<{ invitations: number; logins: number; cancelled: number }>(
      sql`select (select count(*)::int from invitations where email = 'gone.before@northwind.example') as invitations,
        (select count(*)::int from auth_users where email = 'gone.before@northwind.example') as logins,
        (select count(*)::int from audit_events where kind = 'invitation.cancelled'
          and target_label = 'gone.before@northwind.example') as cancelled`,
    );
    expect(rows[0]).toEqual({ invitations: 0, logins: 0, cancelled: 1 });
  });

  it('creates the record and its linked invitation in one transaction, or neither', async () => {
    const owner = await signedIn('owner@northwind.example');
    const created = await employee(owner, {
      fullName: 'Form Invitee',
      email: 'form.invitee@northwind.example',
      employeeNumber: 'INV-F1',
      sendInvitation: true,
    });
    expect(created.res.status).toBe(201);
    const [invitation] = await query<{ employee_record_id: string; role: string }>(
      sql`select employee_record_id, role from invitations where email = 'form.invitee@northwind.example'`,
    );
    expect(invitation).toEqual({ employee_record_id: created.body.id, role: 'operative' });
    const token = await tokenMailedTo('form.invitee@northwind.example');
    const invitee = httpClient(t.app.app);
    expect(
      (await invitee.post('/api/invitations/accept', { token, fullName: 'Form Invitee', password: PASSWORD }))
        .status,
    ).toBe(200);
    const [linked] = await query<{ user_id: string | null }>(
      sql`select user_id from employee_records where id = ${created.body.id}`,
    );
    expect(linked?.user_id).not.toBeNull();

    // A pending invitation to the address refuses the invite inside the transaction: no record either.
    await owner.post('/api/v1/settings/invitations', { email: 'pending.form@northwind.example' });
    const refused = await employee(owner, {
      fullName: 'Pending Form',
      email: 'pending.form@northwind.example',
      employeeNumber: 'INV-F2',
      sendInvitation: true,
    });
    expect(refused.res.status).toBe(409);
    const records = await query<{ n: number }>(
      sql`select count(*)::int as n from employee_records where employee_number = 'INV-F2'`,
    );
    expect(records[0]?.n).toBe(0);
  });
});

describe('who may invite from the employee form', () => {
  it('needs User Management at Full, like creating a user: below it the save is refused whole', async () => {
    const owner = await signedIn('owner@northwind.example');
    const [me] = await query<{ id: string; company_id: string }>(
      sql`select id, company_id from profiles where email = 'owner@northwind.example'`,
    );
    // Written as the owner connection: the product itself keeps one super admin at Full (ADR 0056).
    await t.app.admin.execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level)
          values (${me?.company_id}, ${me?.id}, 'user-management', 'admin')
          on conflict (user_id, section_id, company_id) do update set access_level = 'admin'`,
    );
    try {
      const refused = await employee(owner, {
        fullName: 'No Invite',
        email: 'no.invite@northwind.example',
        employeeNumber: 'INV-F3',
        sendInvitation: true,
      });
      expect(refused.res.status).toBe(403);
      const records = await query<{ n: number }>(
        sql`select count(*)::int as n from employee_records where employee_number = 'INV-F3'`,
      );
      expect(records[0]?.n).toBe(0);
      // Without the box the same user saves the record.
      const saved = await employee(owner, {
        fullName: 'No Invite',
        email: 'no.invite@northwind.example',
        employeeNumber: 'INV-F3',
      });
      expect(saved.res.status).toBe(201);
    } finally {
      await t.app.admin.execute(
        sql`delete from user_permissions where user_id = ${me?.id} and section_id = 'user-management'`,
      );
    }
  });
});

describe('sign-up', () => {
  it('gives the founder their own employee record, linked, in the company’s transaction', async () => {
    const client = httpClient(t.app.app);
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Freya Founder',
      companyName: 'Founders Ltd',
      email: 'freya@founders.example',
      password: 'Founder-Passw0rd!',
    });
    expect(res.status).toBe(200);
    const rows = await query<{ full_name: string; employee_number: string; linked: boolean; same: boolean }>(
      sql`select e.full_name, e.employee_number, e.user_id = u.id as linked, e.company_id = p.company_id as same
          from auth_users u join profiles p on p.id = u.id join employee_records e on e.user_id = u.id
          where u.email = 'freya@founders.example'`,
    );
    expect(rows).toEqual([{ full_name: 'Freya Founder', employee_number: '1', linked: true, same: true }]);
    const ledger = await query<{ n: number }>(
      sql`select count(*)::int as n from leave_ledger_entries l join employee_records e on e.id = l.employee_record_id
          join auth_users u on u.id = e.user_id where u.email = 'freya@founders.example' and l.kind = 'entitlement'`,
    );
    expect(ledger[0]?.n).toBe(1);
  });
});

describe('the invitation email (durable queue, ADR 0095)', () => {
  async function ownerPrincipal(name: string): Promise<Principal> {
    const [owner] = await query<{ id: string; company_id: string; email: string }>(
      sql`select id, company_id, email from profiles where email = 'owner@northwind.example'`,
    );
    if (!owner) throw new Error('no owner');
    return {
      user: { id: owner.id, email: owner.email, emailVerified: true, name },
      sessionId: 'test-session',
      companyId: owner.company_id,
      role: 'super_admin',
      levels: {},
      dataVersions: NO_DATA_VERSIONS,
      mustChangePassword: false,
      ipAddress: null,
    };
  }
  const outboxRows = (to: string) =>
    query<{ status: string; data: Record<string, unknown> }>(
      sql`select status, data from email_outbox where kind = 'invitation' and to_address = ${to}`,
    );

  it('finds a pending invitation to an address, in any case, by its index under row-level security', async () => {
    const principal = await ownerPrincipal('Owner');
    const db = t.app.database.db;
    await withTenant(db, tenantOf(principal), (tx) =>
      createInvitationInTx(tx, principal, {
        email: 'Mixed.Case@Northwind.Example',
        role: 'operative',
        employeeRecordId: null,
      }),
    );
    const found = (email: string) =>
      withTenant(db, tenantOf(principal), (tx) =>
        hasPendingInvitation(tx, principal.companyId, email, new Date()),
      );
    expect(await found('mixed.case@northwind.example')).toBe(true);
    expect(await found('MIXED.CASE@NORTHWIND.EXAMPLE')).toBe(true);
    expect(await found('other@northwind.example')).toBe(false);
    // As app_user, whose policy comes first: an index on lower(email) could not be used there (lower
    // is not leakproof), so each row of an import read every invitation of the company. The stored
    // column's index can (sequential scans priced out, so the plan shows what the index allows).
    const plan = await withTenant(
      db,
      tenantOf(principal),
      async (tx) =>
        rowsOf<Record<string, string>>(
          await tx.execute(
            sql`explain ${pendingInvitationQuery(tx, principal.companyId, 'x@northwind.example', new Date())}`,
          ),
        ),
      { enable_seqscan: 'off' },
    );
    const text = plan.map((row) => Object.values(row).join('')).join('\n');
    expect(text).toMatch(/Index Scan using invitations_company_pending_email_idx/);
    expect(text).toMatch(/Index Cond: .*email_lower/);
  });

  it('is queued in the invitation’s transaction: a rolled-back invitation leaves no invitation and no email', async () => {
    const principal = await ownerPrincipal('Owner');
    await expect(
      withTenant(t.app.database.db, tenantOf(principal), async (tx) => {
        await createInvitationInTx(tx, principal, {
          email: 'rolled.back@northwind.example',
          role: 'operative',
          employeeRecordId: null,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outboxRows('rolled.back@northwind.example')).toHaveLength(0);
    const invitations = await query<{ n: number }>(
      sql`select count(*)::int as n from invitations where email = 'rolled.back@northwind.example'`,
    );
    expect(invitations[0]?.n).toBe(0);
    await t.app.emailQueue.drain();
    expect(() => latestMailTo(t.app.outboxDir, 'rolled.back@northwind.example')).toThrow();

    // The API's invitation is queued (pending) at once, and sent by the worker, once.
    const owner = await signedIn('owner@northwind.example');
    const res = await owner.post('/api/v1/settings/invitations', { email: 'queued@northwind.example' });
    expect(res.status).toBe(201);
    const [queued] = await outboxRows('queued@northwind.example');
    expect(queued?.status).toBe('pending');
    expect(typeof queued?.data.token).toBe('string');
    await t.app.emailQueue.drain();
    const sent = await outboxRows('queued@northwind.example');
    expect(sent.map((r) => r.status)).toEqual(['sent']);
    // The mail log keeps no working link once the message is out.
    expect(sent[0]?.data).not.toHaveProperty('token');
    expect(sent[0]?.data).toHaveProperty('invitedBy');
  });

  it('holds the link and the expiry in HTML and text, with the company’s name, and escapes the inviter’s name', async () => {
    const evil = 'Eve <script>alert(1)</script> & "Co"';
    const principal = await ownerPrincipal(evil);
    const created = await withTenant(t.app.database.db, tenantOf(principal), (tx) =>
      createInvitationInTx(tx, principal, {
        email: 'escaped@northwind.example',
        role: 'operative',
        employeeRecordId: null,
      }),
    );
    await t.app.emailQueue.drain();
    const mail = latestMailTo(t.app.outboxDir, 'escaped@northwind.example') as unknown as {
      link: string;
      subject: string;
      html: string;
      text: string;
    };
    const token = new URL(mail.link).searchParams.get('token') ?? '';
    expect(mail.link).toBe(`http://localhost:3000/auth/accept-invitation?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(mail.subject).toMatch(/^You are invited to .+ on Northwind HR$/);
    const linkInHtml = mail.link.replaceAll('&', '&amp;');
    expect(mail.html).toContain(`href="${linkInHtml}"`);
    expect(mail.text).toContain(mail.link);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(mail.text).toContain(`${evil} invited you to join`);
    const until = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .format(created.expiresAt)
      .replace(',', '');
    expect(mail.text).toContain(`until ${until}`);
    // The token opens the invitation (its hash is what the database keeps).
    const lookup = await httpClient(t.app.app).post('/api/invitations/lookup', { token });
    expect(lookup.status).toBe(200);
  });
});
