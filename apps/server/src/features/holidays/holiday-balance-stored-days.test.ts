import { addDays, isoDate } from '@hr/shared/working-days';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { distinctClearMondays } from '../../../test/test-dates.ts';

/**
 * "Data shown must be true": a balance sums the working days stored on each request when it was
 * booked. Changing the company's week later must not rewrite what was booked (ADR 0064).
 */
const t = useTestApp();

const today = isoDate(new Date());
/** Distinct clear Mondays (test/test-dates.ts): two offsets never give one Monday. */
const mondayAfter = distinctClearMondays(2);

const settings = (pattern: string[]) => ({
  fullTimeHoursPerDay: 7.5,
  annualHolidayDaysEntitlement: 28,
  holidayYearStartMonth: Number(today.slice(5, 7)),
  financialYearStartMonth: 4,
  workingDaysPattern: pattern,
  roundRspToWholeNumbers: false,
  cloudStorageEnabled: false,
  primaryCloudProvider: 'supabase',
  cloudStorageFolderStructure: 'company/department/date',
});

const MON_FRI = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

describe('balances use the working days stored at booking', () => {
  it('a change of the company working days leaves the balance, pending days and employee list unchanged', async () => {
    const owner = httpClient(t.app.app);
    await owner.signIn('owner@northwind.example');
    const alice = httpClient(t.app.app);
    await alice.signIn('alice@northwind.example');
    expect((await owner.call('PUT', '/api/v1/settings/company', settings(MON_FRI))).status).toBe(200);

    // Owner: no line manager, approved at once. Mon..Sun of one week (5 working days), Mon..Wed of the next (3).
    const week = mondayAfter(150);
    for (const [startDate, endDate, days] of [
      [week, addDays(week, 6), 5],
      [addDays(week, 7), addDays(week, 9), 3],
    ] as const) {
      const res = await owner.post('/api/v1/holidays/requests', {
        startDate,
        endDate,
        holidayType: 'annual',
      });
      expect(res.status).toBe(201);
      expect(await json(res)).toMatchObject({ status: 'approved', workingDays: days });
    }
    // Alice: has a line manager, so her request stays pending (Mon..Sun, 5 working days).
    const pendingWeek = mondayAfter(180);
    const pendingRes = await alice.post('/api/v1/holidays/requests', {
      startDate: pendingWeek,
      endDate: addDays(pendingWeek, 6),
      holidayType: 'annual',
    });
    expect(pendingRes.status).toBe(201);

    const ownerBefore = await json(await owner.get('/api/v1/holidays/balance'));
    const aliceBefore = await json(await alice.get('/api/v1/holidays/balance'));
    const listBefore = await json(await owner.get('/api/v1/employees?limit=100'));
    expect(aliceBefore.pending).toBeGreaterThanOrEqual(5);

    // Now the company works Monday to Saturday, and then only Monday.
    for (const pattern of [[...MON_FRI, 'saturday'], ['monday']]) {
      expect((await owner.call('PUT', '/api/v1/settings/company', settings(pattern))).status).toBe(200);
      expect(await json(await owner.get('/api/v1/holidays/balance'))).toEqual(ownerBefore);
      expect(await json(await alice.get('/api/v1/holidays/balance'))).toEqual(aliceBefore);
      expect(await json(await owner.get('/api/v1/employees?limit=100'))).toEqual(listBefore);
    }
    // The requests still say what was booked.
    const mine = await json(await owner.get('/api/v1/holidays/requests'));
    const days = (mine.items ?? mine).map((r: { workingDays: number }) => r.workingDays);
    expect(days).toEqual(expect.arrayContaining([5, 3]));
  });
});
