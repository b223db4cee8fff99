/** Calendar feeds (ADR 0099): create, list, revoke, and the .ics parsed by ical.js. */
import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEEDS_MAX_ACTIVE,
} from '@hr/shared/calendar-feeds/calendar-feeds.schemas';
import { RATE_LIMITS_ICAL } from '@hr/shared/rate-limit';
import { addDays, isoDate } from '@hr/shared/working-days';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { distinctClearMondays } from '../../../test/test-dates.ts';
import { rowsOf } from '../../db/client.ts';

const t = useTestApp();
const today = isoDate(new Date());
/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays();
/** A Monday at least `days` back (sickness is recorded for past dates). */
function mondayBefore(days: number): string {
  let date = addDays(today, -days);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDays(date, -1);
  return date;
}

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.app.admin.execute(text));
const recordOf = async (email: string) =>
  (await query<{ id: string }>(sql`select id from employee_records where email = ${email}`))[0]?.id as string;

async function signedIn(email: string) {
  const client = httpClient(t.app.app);
  await client.signIn(email);
  return client;
}
type Client = Awaited<ReturnType<typeof signedIn>>;

async function createFeed(client: Client, body: unknown): Promise<{ id: string; url: string }> {
  const res = await client.post('/api/v1/calendar-feeds', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

/** Fetches a feed anonymously (no cookie) by the path of its URL. */
async function fetchFeed(url: string) {
  return t.app.app.request(new URL(url).pathname);
}

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  startIsDate: boolean;
}

/** Parses with ical.js and checks the RFC 5545 essentials every calendar app relies on. */
function parseFeed(text: string): ParsedEvent[] {
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Northwind HR');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    expect(component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(event.uid).toBeTruthy();
    const start = event.startDate;
    const end = event.endDate;
    // All-day events: DATE values with an exclusive end after the start.
    expect(start.isDate).toBe(true);
    expect(end.isDate).toBe(true);
    expect(end.compare(start)).toBe(1);
    return {
      uid: event.uid,
      summary: event.summary,
      start: start.toString(),
      end: end.toString(),
      startIsDate: start.isDate,
    };
  });
}

describe('calendar feeds', () => {
  it('a feed of my leave: text/calendar, valid RFC 5545, approved leave only, exclusive DTEND, half days marked', async () => {
    const alice = await signedIn('alice@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const start = mondayAfter(40);
    const submitted = await json(
      await alice.post('/api/v1/holidays/requests', {
        startDate: start,
        endDate: addDays(start, 2),
        holidayType: 'annual',
        endHalfDay: true,
      }),
    );
    const pending = await json(
      await alice.post('/api/v1/holidays/requests', {
        startDate: addDays(start, 7),
        endDate: addDays(start, 7),
        holidayType: 'annual',
      }),
    );
    expect(
      (await manager.post(`/api/v1/holidays/requests/${submitted.id}/decision`, { decision: 'approve' }))
        .status,
    ).toBe(200);

    const feed = await createFeed(alice, { scope: 'me' });
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const events = parseFeed(await res.text());
    const mine = events.find((e) => e.uid === `${submitted.id}@northwind-hr`);
    expect(mine).toMatchObject({
      summary: 'Alice Anders: Annual Leave (ends AM)',
      start,
      end: addDays(start, 3),
    });
    expect(events.some((e) => e.uid.startsWith(pending.id))).toBe(false);
    expect(events.every((e) => e.summary.startsWith('Alice Anders:'))).toBe(true);
  });

  it('lists my feeds without the secret, and a revoked (or unknown) token answers 404', async () => {
    const tom = await signedIn('tom@northwind.example');
    const feed = await createFeed(tom, { scope: 'me', includeBankHolidays: true });
    const token = new URL(feed.url).pathname.split('/').at(-1)?.replace('.ics', '') ?? '';
    const listRes = await tom.get('/api/v1/calendar-feeds');
    const listText = await listRes.text();
    expect(listText).not.toContain(token);
    const list = JSON.parse(listText);
    expect(list.items[0]).toMatchObject({
      id: feed.id,
      scope: 'me',
      includeBankHolidays: true,
      revokedAt: null,
    });
    expect(list.allowedScopes).toEqual(['me', 'team']);

    const before = parseFeed(await (await fetchFeed(feed.url)).text());
    expect(before.some((e) => e.summary.startsWith('Bank holiday: '))).toBe(true);

    // Another user cannot revoke it, nor can another company's super admin.
    const alice = await signedIn('alice@northwind.example');
    expect((await alice.call('DELETE', `/api/v1/calendar-feeds/${feed.id}`)).status).toBe(404);
    const southOwner = await signedIn('owner@southbank.example');
    expect((await southOwner.call('DELETE', `/api/v1/calendar-feeds/${feed.id}`)).status).toBe(404);
    expect(JSON.stringify(await json(await southOwner.get('/api/v1/calendar-feeds')))).not.toContain(feed.id);
    expect((await fetchFeed(feed.url)).status).toBe(200);

    expect((await tom.call('DELETE', `/api/v1/calendar-feeds/${feed.id}`)).status).toBe(200);
    const gone = await fetchFeed(feed.url);
    expect(gone.status).toBe(404);
    expect((await json(gone)).error.code).toBe('NOT_FOUND');
    expect((await tom.call('DELETE', `/api/v1/calendar-feeds/${feed.id}`)).status).toBe(404);
    expect((await json(await tom.get('/api/v1/calendar-feeds'))).items[0].revokedAt).not.toBeNull();

    const unknown = `${'A'.repeat(43)}.ics`;
    expect((await t.app.app.request(`/api/ical/${unknown}`)).status).toBe(404);
    expect((await t.app.app.request('/api/ical/short.ics')).status).toBe(404);
    expect((await t.app.app.request(`/api/ical/${token}%00.ics`)).status).toBe(400);
  });

  it('is rate limited per feed: the 61st fetch in an hour is a 429 with Retry-After', async () => {
    const feed = await createFeed(await signedIn('fiona@northwind.example'), { scope: 'me' });
    for (let i = 0; i < RATE_LIMITS_ICAL.perFeed.max; i += 1) {
      expect((await fetchFeed(feed.url)).status).toBe(200);
    }
    const limited = await fetchFeed(feed.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(limited)).error.code).toBe('RATE_LIMITED');
  });

  it('caps live feeds at 10 per user even when many are created at once: the rest 409, never an 11th', async () => {
    const admin = await signedIn('admin@northwind.example');
    for (let i = 0; i < CALENDAR_FEEDS_MAX_ACTIVE - 3; i++) await createFeed(admin, { scope: 'me' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => admin.post('/api/v1/calendar-feeds', { scope: 'me' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([
      ...Array.from({ length: 3 }, () => 201),
      ...Array.from({ length: 9 }, () => 409),
    ]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect((await json(res)).error.message).toBe(CALENDAR_FEED_MESSAGES.tooMany);
    }
    const [live] = await query<{ n: number }>(
      sql`select count(*)::int as n from calendar_feeds f join auth_users u on u.id = f.user_id
        where u.email = 'admin@northwind.example' and f.revoked_at is null`,
    );
    expect(live?.n).toBe(CALENDAR_FEEDS_MAX_ACTIVE);
  });

  it('stores only the SHA-256 of the token: no row holds the token', async () => {
    const alice = await signedIn('alice@northwind.example');
    const feed = await createFeed(alice, { scope: 'me' });
    const token = new URL(feed.url).pathname.split('/').at(-1)?.replace('.ics', '') ?? '';
    const [dump] = await query<{ all: string }>(
      sql`select string_agg(f::text, '|') as all from calendar_feeds f`,
    );
    expect(dump?.all).not.toContain(token);
    const [row] = await query<{ tokenHash: string }>(
      sql`select token_hash as "tokenHash" from calendar_feeds where id = ${feed.id}`,
    );
    const { createHash } = await import('node:crypto');
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const [limits] = await query<{ all: string | null }>(
      sql`select string_agg(t::text, '|') as all from rate_limits t`,
    );
    expect(String(limits?.all)).not.toContain(token);
  });

  it('sick leave is "Away" to a team-mate, named to the person and their approver', async () => {
    const tomRecord = await recordOf('tom@northwind.example');
    const manager = await signedIn('manager@northwind.example');
    const past = mondayBefore(30);
    const sick = await manager.post('/api/v1/holidays/sickness', {
      employeeRecordId: tomRecord,
      startDate: past,
      endDate: addDays(past, 1),
    });
    expect(sick.status).toBe(201);
    const sickId = (await json(sick)).id as string;

    const alice = await signedIn('alice@northwind.example');
    const aliceTeam = parseFeed(
      await (await fetchFeed((await createFeed(alice, { scope: 'team' })).url)).text(),
    );
    expect(aliceTeam.find((e) => e.uid === `${sickId}@northwind-hr`)?.summary).toBe('Tom Turner: Away');

    const managerTeam = parseFeed(
      await (await fetchFeed((await createFeed(manager, { scope: 'team' })).url)).text(),
    );
    expect(managerTeam.find((e) => e.uid === `${sickId}@northwind-hr`)?.summary).toBe(
      'Tom Turner: Sick Leave',
    );

    const tom = await signedIn('tom@northwind.example');
    const tomOwn = parseFeed(await (await fetchFeed((await createFeed(tom, { scope: 'me' })).url)).text());
    expect(tomOwn.find((e) => e.uid === `${sickId}@northwind-hr`)?.summary).toBe('Tom Turner: Sick Leave');
  });

  it('a team feed needs a team; a company feed needs a super admin unless the company allows it (403 until then)', async () => {
    const owner = await signedIn('owner@northwind.example');
    const noTeam = await owner.post('/api/v1/calendar-feeds', { scope: 'team' });
    expect(noTeam.status).toBe(400);
    expect((await json(noTeam)).error.message).toBe(CALENDAR_FEED_MESSAGES.noTeam);

    const alice = await signedIn('alice@northwind.example');
    const refused = await alice.post('/api/v1/calendar-feeds', { scope: 'company' });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.message).toBe(CALENDAR_FEED_MESSAGES.companyNotAllowed);
    expect((await alice.get('/api/v1/calendar-feeds/settings')).status).toBe(403);
    expect(
      (await alice.call('PUT', '/api/v1/calendar-feeds/settings', { companyFeedForEmployees: true })).status,
    ).toBe(403);

    // A super admin's company feed works; an employee's is refused until the setting is on.
    const ownerFeed = await createFeed(owner, { scope: 'company' });
    const ownerEvents = parseFeed(await (await fetchFeed(ownerFeed.url)).text());
    expect(ownerEvents.some((e) => e.summary.startsWith('Alice Anders:'))).toBe(true);

    const set = await owner.call('PUT', '/api/v1/calendar-feeds/settings', { companyFeedForEmployees: true });
    expect(await json(set)).toEqual({ companyFeedForEmployees: true });
    const aliceFeed = await createFeed(alice, { scope: 'company' });
    const aliceEvents = parseFeed(await (await fetchFeed(aliceFeed.url)).text());
    expect(aliceEvents.length).toBeGreaterThan(0);
    // Another's leave shows as "Away" to a colleague.
    expect(
      aliceEvents
        .filter((e) => e.summary.startsWith('Tom Turner:'))
        .every((e) => e.summary === 'Tom Turner: Away'),
    ).toBe(true);

    // Turned off again: the employee's existing company feed stops (404), the super admin's goes on.
    await owner.call('PUT', '/api/v1/calendar-feeds/settings', { companyFeedForEmployees: false });
    expect((await fetchFeed(aliceFeed.url)).status).toBe(404);
    expect((await fetchFeed(ownerFeed.url)).status).toBe(200);

    expect((await owner.post('/api/v1/calendar-feeds', { scope: 'everyone' })).status).toBe(400);
    expect((await owner.post('/api/v1/calendar-feeds', { scope: 'me', extra: 1 })).status).toBe(400);
    expect((await owner.post('/api/v1/calendar-feeds', { scope: 'me\u0000' })).status).toBe(400);
    expect((await httpClient(t.app.app).post('/api/v1/calendar-feeds', { scope: 'me' })).status).toBe(401);
  });

  it("another company's data never appears, and leavers drop out", async () => {
    const sam = await signedIn('sam@southbank.example');
    const samRecord = await recordOf('sam@southbank.example');
    expect(samRecord).toBeTruthy();
    const southOwner = await signedIn('owner@southbank.example');
    const start = mondayAfter(50);
    const samRequest = await sam.post('/api/v1/holidays/requests', {
      startDate: start,
      endDate: start,
      holidayType: 'annual',
    });
    const samBody = await json(samRequest);
    if (samBody.status === 'pending') {
      await southOwner.post(`/api/v1/holidays/requests/${samBody.id}/decision`, { decision: 'approve' });
    }
    const southFeed = parseFeed(
      await (await fetchFeed((await createFeed(southOwner, { scope: 'company' })).url)).text(),
    );
    expect(southFeed.some((e) => e.uid === `${samBody.id}@northwind-hr`)).toBe(true);

    const owner = await signedIn('owner@northwind.example');
    const northFeed = await createFeed(owner, { scope: 'company' });
    const northText = await (await fetchFeed(northFeed.url)).text();
    expect(northText).not.toContain(samBody.id);
    expect(northText).not.toContain('Sam');

    // Alice leaves yesterday: her leave drops out of the company feed, and her own feed stops.
    const aliceFeed = await createFeed(await signedIn('alice@northwind.example'), { scope: 'me' });
    await t.app.admin.execute(
      sql`update employee_records set end_date = ${addDays(today, -1)} where email = 'alice@northwind.example'`,
    );
    try {
      const after = parseFeed(await (await fetchFeed(northFeed.url)).text());
      expect(after.some((e) => e.summary.startsWith('Alice Anders:'))).toBe(false);
      expect((await fetchFeed(aliceFeed.url)).status).toBe(404);
    } finally {
      await t.app.admin.execute(
        sql`update employee_records set end_date = null where email = 'alice@northwind.example'`,
      );
    }
  });
});
