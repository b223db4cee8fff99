/**
 * The employee import through the API (issue 19, ADR 0097), on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL: the dry run names every error (row, column, message) and writes nothing; the real
 * run writes every row or none; gates, limits and other companies.
 */
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@hr/shared/hr/employee-import';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, type Json, json, latestMailTo, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

const testApp = useTestApp();
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await testApp.app.admin.execute(text));

async function signedIn(email: string) {
  const client = httpClient(testApp.app.app);
  await client.signIn(email);
  return client;
}

type Client = Awaited<ReturnType<typeof signedIn>>;

function upload(client: Client | null, body: string | Uint8Array, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'text/csv' }), 'people.csv');
  return testApp.app.app.request(`/api/v1/employees/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: form,
    headers: client ? { cookie: client.cookie } : {},
  });
}

async function counts(companyEmail = 'owner@northwind.example') {
  const [row] = await query<{ employees: number; ledger: number }>(sql`
    select (select count(*)::int from employee_records e where e.company_id = p.company_id) as employees,
      (select count(*)::int from leave_ledger_entries l where l.company_id = p.company_id) as ledger
    from profiles p where p.email = ${companyEmail}`);
  return row;
}

const HEADER =
  'employee number,full name,email,position,department,start date,line manager,region,working pattern,entitlement,opening balance,invite';

/** Four good rows; `bad` replaces some cells with errors. */
function file(bad: boolean) {
  return [
    HEADER,
    'IMP-1,Ivy Import,ivy.import@northwind.example,Fitter,Workshop,2026-02-02,manager@northwind.example,,,,,no',
    bad
      ? 'IMP-2,,not-an-email,Welder,Workshop,31/02/2026,IMP-1,atlantis,mon funday,400,1.3,maybe'
      : 'IMP-2,Ian Import,ian.import@northwind.example,Welder,Workshop,02/03/2026,IMP-1,scotland,mon tue wed,,2.5,yes',
    bad
      ? 'IMP-3,Irene Import,alice@northwind.example,Painter,Workshop,2026-02-02,EMP001,,,,,'
      : 'IMP-3,Irene Import,irene.import@northwind.example,Painter,Workshop,2026-02-02,EMP001,,,,,',
    bad
      ? 'IMP-1,Isaac Import,ivy.import@northwind.example,Driver,Logistics,2026-02-02,nobody@nowhere.example,,,,,'
      : 'IMP-4,Isaac Import,linked.login@northwind.example,Driver,Logistics,2026-02-02,ivy.import@northwind.example,,,20,-1,',
  ].join('\n');
}

describe('POST /api/v1/employees/import?dryRun=true', () => {
  it('answers every error with its row, column and message, and writes nothing', async () => {
    const owner = await signedIn('owner@northwind.example');
    const before = await counts();
    const res = await upload(owner, file(true), true);
    expect(res.status).toBe(200);
    const preview = await json(res);
    expect(preview.dryRun).toBe(true);
    expect(preview.imported).toBe(0);
    expect(preview.summary).toEqual({ rows: 4, valid: 1, invalid: 3, invites: 0 });
    expect(preview.errors).toEqual([
      { row: 3, column: 'fullName', message: IMPORT_MESSAGES.required },
      { row: 3, column: 'email', message: IMPORT_MESSAGES.invalidEmail },
      { row: 3, column: 'startDate', message: IMPORT_MESSAGES.invalidDate },
      { row: 3, column: 'region', message: IMPORT_MESSAGES.unknownRegion },
      { row: 3, column: 'workingPattern', message: IMPORT_MESSAGES.invalidPattern },
      { row: 3, column: 'entitlement', message: IMPORT_MESSAGES.invalidDays },
      { row: 3, column: 'openingBalance', message: IMPORT_MESSAGES.invalidBalance },
      { row: 3, column: 'invite', message: IMPORT_MESSAGES.invalidInvite },
      { row: 4, column: 'email', message: IMPORT_MESSAGES.emailTaken },
      { row: 5, column: 'employeeNumber', message: IMPORT_MESSAGES.duplicateNumberInFile(2) },
      { row: 5, column: 'email', message: IMPORT_MESSAGES.duplicateEmailInFile(2) },
      { row: 5, column: 'lineManager', message: IMPORT_MESSAGES.unknownLineManager },
    ]);
    expect(preview.rows.map((r: Json) => r.row)).toEqual([2, 3, 4, 5]);
    expect(preview.rows[0].errors).toEqual([]);
    expect(preview.rows[1].errors).toHaveLength(8);
    expect(await counts()).toEqual(before);
  });

  it('refuses the real run of a file with errors whole: 400 naming them, not one row written', async () => {
    const owner = await signedIn('owner@northwind.example');
    const before = await counts();
    const res = await upload(owner, file(true), false);
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe('IMPORT_INVALID');
    expect(body.error.message).toBe(IMPORT_MESSAGES.invalidFile(12));
    expect(body.error.fields['row 4: email']).toBe(IMPORT_MESSAGES.emailTaken);
    expect(await counts()).toEqual(before);
    const [ivy] = await query<{ n: number }>(
      sql`select count(*)::int as n from employee_records where email = 'ivy.import@northwind.example'`,
    );
    expect(ivy?.n).toBe(0);
  });
});

describe('POST /api/v1/employees/import (the fixed file)', () => {
  it('imports every row in one go: line managers by email, number or row of the file, logins linked, ledger written', async () => {
    const owner = await signedIn('owner@northwind.example');
    // A login without an employee record: the row with its email is linked to it.
    const login = await owner.post('/api/v1/settings/users', {
      fullName: 'Linked Login',
      email: 'linked.login@northwind.example',
      password: 'Temp0rary!pass',
      role: 'operative',
    });
    expect(login.status).toBe(201);

    const preview = await json(await upload(owner, file(false), true));
    expect(preview.errors).toEqual([]);
    expect(preview.summary).toEqual({ rows: 4, valid: 4, invalid: 0, invites: 1 });
    expect(preview.warnings).toEqual(
      expect.arrayContaining([
        // IMP-1 (Ivy) has no login: Ian's line manager cannot be stored yet.
        { row: 3, column: 'lineManager', message: IMPORT_MESSAGES.lineManagerWithoutLogin },
      ]),
    );
    expect(preview.rows[1].values.startDate).toBe('2026-03-02');

    const before = await counts();
    const res = await upload(owner, file(false), false);
    expect(res.status).toBe(200);
    const result = await json(res);
    expect(result).toMatchObject({ dryRun: false, imported: 4, errors: [], rows: [] });
    // Ian (invite = yes) has an invitation for his new record, and its email is queued.
    const [ian] = await query<{ role: string; employee_number: string }>(sql`
      select i.role, e.employee_number from invitations i join employee_records e on e.id = i.employee_record_id
       where i.email = 'ian.import@northwind.example'`);
    expect(ian).toEqual({ role: 'operative', employee_number: 'IMP-2' });
    const after = await counts();
    expect(after?.employees).toBe((before?.employees ?? 0) + 4);

    const rows = await query<{
      employee_number: string;
      start_date: string;
      region: string | null;
      working_pattern: string[] | null;
      annual_holiday_days: number;
      line_manager_email: string | null;
      user_email: string | null;
    }>(sql`
      select e.employee_number, to_char(e.start_date, 'YYYY-MM-DD') as start_date, e.region, e.working_pattern,
        e.annual_holiday_days::float8 as annual_holiday_days,
        (select u.email from auth_users u where u.id = e.line_manager_id) as line_manager_email,
        (select u.email from auth_users u where u.id = e.user_id) as user_email
      from employee_records e where e.employee_number like 'IMP-%' order by e.employee_number`);
    expect(rows).toEqual([
      {
        employee_number: 'IMP-1',
        start_date: '2026-02-02',
        region: null,
        working_pattern: null,
        annual_holiday_days: 28,
        line_manager_email: 'manager@northwind.example',
        user_email: null,
      },
      {
        employee_number: 'IMP-2',
        start_date: '2026-03-02',
        region: 'scotland',
        working_pattern: ['monday', 'tuesday', 'wednesday'],
        // The company's 28 days pro-rated for three days a week (3 x 5.6 = 16.8, up to the half day).
        annual_holiday_days: 17,
        line_manager_email: null,
        user_email: null,
      },
      {
        employee_number: 'IMP-3',
        start_date: '2026-02-02',
        region: null,
        working_pattern: null,
        annual_holiday_days: 28,
        line_manager_email: 'owner@northwind.example',
        user_email: null,
      },
      {
        employee_number: 'IMP-4',
        start_date: '2026-02-02',
        region: null,
        working_pattern: null,
        annual_holiday_days: 20,
        line_manager_email: null,
        user_email: 'linked.login@northwind.example',
      },
    ]);

    // The imported records are in the list with their ledger: entitlement and the opening balance.
    const list = await json(await owner.get('/api/v1/employees?search=IMP-2'));
    expect(list.items).toHaveLength(1);
    const ledger = await json(await owner.get(`/api/v1/employees/${list.items[0].id}/ledger`));
    expect(ledger.entries.map((e: Json) => [e.kind, e.days, e.reason])).toEqual(
      expect.arrayContaining([['opening_balance', 2.5, IMPORT_MESSAGES.openingBalanceReason]]),
    );
    expect(ledger.entries.some((e: Json) => e.kind === 'entitlement')).toBe(true);
    expect(ledger.entries.find((e: Json) => e.kind === 'entitlement').createdByName).toBe('Olivia Owen');

    // The same file again: every number and email is now taken; nothing more is written.
    const again = await upload(owner, file(false), false);
    expect(again.status).toBe(400);
    expect(await counts()).toEqual(after);
  });

  it('reads a semicolon file with a BOM and DD/MM/YYYY dates', async () => {
    const owner = await signedIn('owner@northwind.example');
    const text =
      '\uFEFFEmployee_Number;Full_Name;Email;Position;Department;Start_Date\r\nSEMI-1;Søren Semi;soren.semi@northwind.example;Fitter;Workshop;15/04/2026\r\n';
    const res = await upload(owner, new TextEncoder().encode(text), false);
    expect(res.status).toBe(200);
    const [row] = await query<{ full_name: string; start_date: string }>(
      sql`select full_name, to_char(start_date, 'YYYY-MM-DD') as start_date from employee_records where employee_number = 'SEMI-1'`,
    );
    expect(row).toEqual({ full_name: 'Søren Semi', start_date: '2026-04-15' });
  });

  it('two imports of the same file at once: one writes it, the other is refused, nothing twice', async () => {
    const owner = await signedIn('owner@northwind.example');
    const text = `${HEADER}\nPAR-1,Pat Parallel,pat.parallel@northwind.example,Fitter,Workshop,2026-02-02,,,,,,\nPAR-2,Pam Parallel,pam.parallel@northwind.example,Fitter,Workshop,2026-02-02,,,,,,`;
    const statuses = (await Promise.all([upload(owner, text, false), upload(owner, text, false)])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 400]);
    const [row] = await query<{ n: number }>(
      sql`select count(*)::int as n from employee_records where employee_number like 'PAR-%'`,
    );
    expect(row?.n).toBe(2);
  });
});

describe('invitations from the import (invite = yes)', () => {
  const INVITE_FILE = (extra = '') =>
    [
      HEADER,
      'INV-1,Nia New,nia.new@northwind.example,Fitter,Workshop,2026-02-02,,,,,,yes',
      'INV-2,Ned New,ned.new@northwind.example,Fitter,Workshop,2026-02-02,,,,,,Yes',
      'INV-3,Hal Login,hal.login@northwind.example,Fitter,Workshop,2026-02-02,,,,,,yes',
      'INV-4,Pia Pending,pia.pending@northwind.example,Fitter,Workshop,2026-02-02,,,,,,yes',
      'INV-5,Nat Noinvite,nat.noinvite@northwind.example,Fitter,Workshop,2026-02-02,,,,,,no',
      ...(extra ? [extra] : []),
    ].join('\n');
  const NEW = ['nia.new@northwind.example', 'ned.new@northwind.example'];

  /** The emailed invitations not yet accepted (creating a user with a password records one without a token). */
  async function invitationsTo(emails: string[]) {
    return query<{ email: string; role: string; employee_number: string | null }>(sql`
      select i.email, i.role, e.employee_number from invitations i
        left join employee_records e on e.id = i.employee_record_id
       where i.accepted_at is null and i.token_hash is not null
         and i.email in (select value from json_array_elements_text(${JSON.stringify(emails)}::json))
       order by i.email`);
  }
  async function queuedTo(emails: string[]) {
    return query<{ to_address: string; status: string }>(sql`
      select to_address, status from email_outbox where kind = 'invitation'
         and to_address in (select value from json_array_elements_text(${JSON.stringify(emails)}::json))
       order by to_address`);
  }

  it('the dry run counts the invitations and sends none; a refused file sends none; the real run invites each new person once, in its transaction', async () => {
    const owner = await signedIn('owner@northwind.example');
    // A login (without a record) and a pending invitation: those rows are imported but not invited.
    expect(
      (
        await owner.post('/api/v1/settings/users', {
          fullName: 'Hal Login',
          email: 'hal.login@northwind.example',
          password: 'Temp0rary!pass',
          role: 'operative',
        })
      ).status,
    ).toBe(201);
    expect(
      (await owner.post('/api/v1/settings/invitations', { email: 'pia.pending@northwind.example' })).status,
    ).toBe(201);

    const preview = await json(await upload(owner, INVITE_FILE(), true));
    expect(preview.errors).toEqual([]);
    expect(preview.summary).toEqual({ rows: 5, valid: 5, invalid: 0, invites: 2 });
    expect(preview.warnings).toEqual([
      { row: 4, column: 'invite', message: IMPORT_MESSAGES.inviteHasLogin },
      { row: 5, column: 'invite', message: IMPORT_MESSAGES.invitePending },
    ]);
    expect(await invitationsTo(NEW)).toEqual([]);
    expect(await queuedTo(NEW)).toEqual([]);

    // One bad row refuses the file: no record, no invitation, no email.
    const refused = await upload(
      owner,
      INVITE_FILE('INV-6,,bad-email,Fitter,Workshop,2026-02-02,,,,,,yes'),
      false,
    );
    expect(refused.status).toBe(400);
    expect(await invitationsTo(NEW)).toEqual([]);
    expect(await queuedTo(NEW)).toEqual([]);

    const res = await upload(owner, INVITE_FILE(), false);
    expect(res.status).toBe(200);
    const result = await json(res);
    expect(result).toMatchObject({ imported: 5, summary: { invites: 2 } });
    expect(
      await invitationsTo([...NEW, 'hal.login@northwind.example', 'nat.noinvite@northwind.example']),
    ).toEqual([
      { email: 'ned.new@northwind.example', role: 'operative', employee_number: 'INV-2' },
      { email: 'nia.new@northwind.example', role: 'operative', employee_number: 'INV-1' },
    ]);
    // Pia keeps her one invitation (from Settings, not linked to a record).
    expect(await invitationsTo(['pia.pending@northwind.example'])).toEqual([
      { email: 'pia.pending@northwind.example', role: 'operative', employee_number: null },
    ]);
    expect(await queuedTo([...NEW, 'hal.login@northwind.example'])).toEqual([
      { to_address: 'ned.new@northwind.example', status: 'pending' },
      { to_address: 'nia.new@northwind.example', status: 'pending' },
    ]);
    const [audit] = await query<{ n: number }>(sql`
      select count(*)::int as n from audit_events where kind = 'invitation.sent'
         and target_label in ('nia.new@northwind.example', 'ned.new@northwind.example')`);
    expect(audit?.n).toBe(2);

    // The worker sends them; Nia's link signs her in with the imported record linked.
    await testApp.app.emailQueue.drain();
    const mail = latestMailTo(testApp.app.outboxDir, 'nia.new@northwind.example');
    const token = new URL(mail.link).searchParams.get('token');
    const accepted = await httpClient(testApp.app.app).post('/api/invitations/accept', {
      token,
      fullName: 'Nia New',
      password: 'Invited-Passw0rd!',
    });
    expect(accepted.status).toBe(200);
    const [linked] = await query<{ email: string | null }>(sql`
      select u.email from employee_records e join auth_users u on u.id = e.user_id
       where e.employee_number = 'INV-1'`);
    expect(linked?.email).toBe('nia.new@northwind.example');
  });

  it('below User Management at Full the rows are imported without invitations, with a warning', async () => {
    const owner = await signedIn('owner@northwind.example');
    const [me] = await query<{ id: string; company_id: string }>(
      sql`select id, company_id from profiles where email = 'owner@northwind.example'`,
    );
    await testApp.app.admin.execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level)
          values (${me?.company_id}, ${me?.id}, 'user-management', 'admin')
          on conflict (user_id, section_id, company_id) do update set access_level = 'admin'`,
    );
    try {
      const text = `${HEADER}\nLOW-1,Lou Low,lou.low@northwind.example,Fitter,Workshop,2026-02-02,,,,,,yes`;
      const preview = await json(await upload(owner, text, true));
      expect(preview.summary.invites).toBe(0);
      expect(preview.warnings).toEqual([
        { row: 2, column: 'invite', message: IMPORT_MESSAGES.inviteNotAllowed },
      ]);
      const res = await upload(owner, text, false);
      expect(res.status).toBe(200);
      expect(await invitationsTo(['lou.low@northwind.example'])).toEqual([]);
      expect(await queuedTo(['lou.low@northwind.example'])).toEqual([]);
    } finally {
      await testApp.app.admin.execute(
        sql`delete from user_permissions where user_id = ${me?.id} and section_id = 'user-management'`,
      );
    }
  });
});

describe('who may import, and what the route refuses', () => {
  it('refuses anonymous callers, operatives, admins, and super admins below Employees at Full', async () => {
    const text = `${HEADER}\nNO-1,No One,no.one@northwind.example,Fitter,Workshop,,,,,,,`;
    expect((await upload(null, text, true)).status).toBe(401);
    for (const email of ['alice@northwind.example', 'admin@northwind.example']) {
      const res = await upload(await signedIn(email), text, false);
      expect(res.status).toBe(403);
    }
    const [owner] = await query<{ id: string; company_id: string }>(
      sql`select id, company_id from profiles where email = 'owner@northwind.example'`,
    );
    await testApp.app.admin.execute(
      sql`insert into user_permissions (company_id, user_id, section_id, access_level) values (${owner?.company_id}, ${owner?.id}, 'employees', 'admin')`,
    );
    try {
      expect((await upload(await signedIn('owner@northwind.example'), text, false)).status).toBe(403);
    } finally {
      await testApp.app.admin.execute(
        sql`delete from user_permissions where user_id = ${owner?.id} and section_id = 'employees'`,
      );
    }
    const [row] = await query<{ n: number }>(
      sql`select count(*)::int as n from employee_records where employee_number = 'NO-1'`,
    );
    expect(row?.n).toBe(0);
  });

  it('answers 413 over the size cap and 400 for no file, a JSON body or bytes that are not UTF-8', async () => {
    const owner = await signedIn('owner@northwind.example');
    const big = `${HEADER}\n${'x'.repeat(IMPORT_MAX_BYTES + 70 * 1024)}`;
    const tooBig = await upload(owner, big, true);
    expect(tooBig.status).toBe(413);
    expect((await json(tooBig)).error.message).toBe(IMPORT_MESSAGES.tooLarge);

    const noFile = await testApp.app.app.request('/api/v1/employees/import?dryRun=true', {
      method: 'POST',
      body: new FormData(),
      headers: { cookie: owner.cookie },
    });
    expect(noFile.status).toBe(400);
    const asJson = await owner.post('/api/v1/employees/import', { file: 'employee number\nE1' });
    expect(asJson.status).toBeGreaterThanOrEqual(400);
    expect(asJson.status).toBeLessThan(500);
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\nL-1,Zo`), 0xeb]);
    const notUtf8 = await upload(owner, latin1, true);
    expect(notUtf8.status).toBe(400);
    expect((await json(notUtf8)).error.message).toBe(IMPORT_MESSAGES.notUtf8);
    const form = new FormData();
    form.append('file', new Blob([`${HEADER}\nQ-1,Q,q@northwind.example,P,D,,,,,,,`]), 'q.csv');
    const badQuery = await testApp.app.app.request('/api/v1/employees/import?dryRun=maybe', {
      method: 'POST',
      body: form,
      headers: { cookie: owner.cookie },
    });
    expect(badQuery.status).toBe(400);
  });

  it('checks a file against the own company only: another company neither clashes nor resolves', async () => {
    const southbank = await signedIn('owner@southbank.example');
    const text = [
      HEADER,
      // Alice's email and a Northwind manager as line manager: Northwind's records are invisible.
      'SB-1,Alice Elsewhere,alice@northwind.example,Driver,Hire,2026-02-02,manager@northwind.example,,,,,',
    ].join('\n');
    const preview = await json(await upload(southbank, text, true));
    expect(preview.errors).toEqual([
      { row: 2, column: 'lineManager', message: IMPORT_MESSAGES.unknownLineManager },
    ]);
  });
});

describe('GET /api/v1/employees/import/template.csv', () => {
  it('downloads the header and an example row that imports as it is', async () => {
    const owner = await signedIn('owner@northwind.example');
    const res = await owner.get('/api/v1/employees/import/template.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('employees-import-template.csv');
    const text = await res.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(HEADER);
    const preview = await json(await upload(owner, text, true));
    expect(preview.errors).toEqual([]);
    expect(preview.summary.valid).toBe(1);
    expect(
      (await (await signedIn('alice@northwind.example')).get('/api/v1/employees/import/template.csv')).status,
    ).toBe(403);
  });
});
