/**
 * The demo data obeys the product's own rules ("Data shown must be true"): every holiday request
 * holds working days by the shared rule, received parts are on the shelf, and every SOP document and
 * photo link of the demo jobs opens a real file.
 */
import { COMPANY_SETTINGS_DEFAULTS, type Weekday } from '@hr/shared/company/company-settings';
import { countLeaveDays } from '@hr/shared/leave/leave-days';
import { DEFAULT_REGION } from '@hr/shared/leave/public-holidays';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, type Json, json, useTestApp } from '../../test/test-context.ts';
import { rowsOf } from '../db/client.ts';
import { DEMO_REQUESTS, demoRequestDates } from './seed.ts';

const t = useTestApp();
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}

async function allJobs(client: ReturnType<typeof httpClient>): Promise<Json[]> {
  const board = await json(await client.get('/api/v1/workshop/jobs?limit=200'));
  const jobs: Json[] = [];
  for (const summary of [...board.orders.jobs, ...board.stock.jobs, ...board.complete.jobs]) {
    const res = await client.get(`/api/v1/workshop/jobs/${summary.id}`);
    expect(res.status).toBe(200);
    jobs.push((await json(res)).job);
  }
  return jobs;
}

describe('demo holiday requests', () => {
  it('hold at least one working day whatever weekday the demo is seeded on', () => {
    const start = isoDate(new Date());
    const calendar = {
      pattern: COMPANY_SETTINGS_DEFAULTS.workingDaysPattern,
      region: DEFAULT_REGION,
      companyDays: [],
    };
    for (let day = 0; day < 14; day++) {
      const today = addDays(start, day);
      for (const [key, offset, length] of DEMO_REQUESTS) {
        const { startDate, endDate } = demoRequestDates(today, offset, length, calendar);
        expect(
          countLeaveDays({ start: startDate, end: endDate }, calendar),
          `${key} ${offset} seeded on ${today}`,
        ).toBeGreaterThanOrEqual(0.5);
      }
    }
  });

  it("as seeded: each stores what the shared rule counts with the employee's region and week, at least 0.5, inside one holiday year", async () => {
    const rows = await query<{
      start: string;
      end: string;
      days: number;
      pattern: Weekday[] | null;
      region: string;
      startHalfDay: boolean;
      endHalfDay: boolean;
    }>(sql`
      select r.start_date::text as start, r.end_date::text as "end", r.working_days::float8 as days,
        coalesce(e.working_pattern, s.working_days_pattern) as pattern,
        coalesce(e.region, c.default_region) as region,
        r.start_half_day as "startHalfDay", r.end_half_day as "endHalfDay"
      from holiday_requests r
      join employee_records e on e.id = r.employee_record_id
      join companies c on c.id = r.company_id
      left join company_settings s on s.company_id = r.company_id`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.region === 'scotland')).toBe(true);
    for (const row of rows) {
      const pattern = row.pattern?.length ? row.pattern : [...COMPANY_SETTINGS_DEFAULTS.workingDaysPattern];
      const counted = countLeaveDays(
        { start: row.start, end: row.end, startHalfDay: row.startHalfDay, endHalfDay: row.endHalfDay },
        { pattern, region: row.region, companyDays: [] },
      );
      expect(counted, `${row.start}..${row.end}`).toBeGreaterThanOrEqual(0.5);
      expect(row.days, `${row.start}..${row.end}`).toBe(counted);
      expect(row.start.slice(0, 4), `${row.start}..${row.end}`).toBe(row.end.slice(0, 4));
    }
  });
});

describe('demo workshop data', () => {
  it('never shows a part received beyond the stock on hand, nor received while short', async () => {
    for (const email of ['manager@northwind.example', 'owner@southbank.example']) {
      const client = await signedIn(email);
      const received = new Map<string, number>();
      const onHand = new Map<string, number>();
      for (const job of await allJobs(client)) {
        for (const part of job.parts) {
          onHand.set(part.partNumber, part.onHand);
          received.set(part.partNumber, (received.get(part.partNumber) ?? 0) + part.quantityReceived);
          if (part.quantityReceived > 0)
            expect(part.known, `${job.workOrderNumber} ${part.partNumber}`).toBe(true);
          if (part.state === 'received')
            expect(part.onHand, `${job.workOrderNumber} ${part.partNumber}`).toBeGreaterThanOrEqual(
              part.quantity,
            );
        }
      }
      // Every delivery added to the stock on hand: what the jobs received is on the shelf.
      for (const [partNumber, total] of received)
        expect(onHand.get(partNumber), `${email} ${partNumber}`).toBeGreaterThanOrEqual(total);
    }
  });

  it('every SOP document and photo link of the demo jobs answers 200 with the file, only to its company', async () => {
    const manager = await signedIn('manager@northwind.example');
    const stranger = await signedIn('owner@southbank.example');
    const urls = new Set<string>();
    for (const job of await allJobs(manager))
      for (const url of [...job.sopDocuments, ...job.photos]) urls.add(url);
    expect(urls.size).toBeGreaterThanOrEqual(8);
    for (const url of urls) {
      const res = await manager.get(url);
      expect(res.status, url).toBe(200);
      const body = new Uint8Array(await res.arrayBuffer());
      if (url.endsWith('.pdf')) {
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(new TextDecoder().decode(body.slice(0, 5))).toBe('%PDF-');
      } else {
        expect(res.headers.get('content-type')).toBe('image/png');
        expect([...body.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      }
      expect((await stranger.get(url)).status, url).toBe(404);
    }
    // An operative of the company opens them too.
    const operative = await signedIn('alice@northwind.example');
    for (const url of urls) expect((await operative.get(url)).status, url).toBe(200);
  });
});
