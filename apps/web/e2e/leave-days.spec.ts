/**
 * A Scottish part-timer (Fiona Fraser, seeded: region scotland, Monday to Wednesday) books a half day
 * and a week over St Andrew's Day and sees what the server charges; the team calendar marks her bank
 * holidays (issue 18).
 */
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays } from '@hr/shared/working-days';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInViaApi } from './support';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

const FIONA = 'fiona@northwind.example';

/**
 * gov.uk: St Andrew's Day is Monday 30 Nov 2026, Tuesday 30 Nov 2027, Thursday 30 Nov 2028. Its
 * Monday-to-Friday week costs a Monday-to-Wednesday worker 2, 2 and 3 days.
 */
const ST_ANDREWS_WEEKS = [
  { monday: '2026-11-30', friday: '2026-12-04', days: '2 working days' },
  { monday: '2027-11-29', friday: '2027-12-03', days: '2 working days' },
  { monday: '2028-11-27', friday: '2028-12-01', days: '3 working days' },
];

function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signInViaApi(page, email);
  return page;
}

/** Cancels Fiona's pending or approved requests that meet start..end (the seed books one near today). */
async function clearDates(page: Page, start: string, end: string) {
  const mine = (await (await page.request.get('/api/v1/holidays/requests')).json()) as {
    items: { id: string; startDate: string; endDate: string; status: string }[];
  };
  for (const r of mine.items) {
    if (['pending', 'approved'].includes(r.status) && r.startDate <= end && start <= r.endDate) {
      expect((await page.request.post(`/api/v1/holidays/requests/${r.id}/cancel`)).ok()).toBe(true);
    }
  }
}

async function book(page: Page, start: string, end: string) {
  await page.getByLabel('Start Date').fill(start);
  await page.getByLabel('End Date').fill(end);
}

test('a Scottish part-timer books a half day and a week over St Andrew’s Day; the calendar shows bank holidays', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const today = utcToday();
  const week = ST_ANDREWS_WEEKS.find((w) => w.monday > addDays(today, 1));
  if (!week) throw new Error('add the St Andrew’s Day weeks after 2028 to ST_ANDREWS_WEEKS');
  const halfDay = addDays(clearMondayFrom(addDays(today, 60), 'scotland'), 1); // a Tuesday
  const fiona = await signedInPage(browser, FIONA);
  await clearDates(fiona, week.monday, week.friday);
  await clearDates(fiona, halfDay, halfDay);

  await fiona.goto('/holidays?tab=request');
  // The half day: starts at midday.
  await book(fiona, halfDay, halfDay);
  await expect(fiona.getByTestId('request-duration')).toHaveText('1 day (1 working day)');
  await fiona.getByLabel('Starts at midday').check();
  await expect(fiona.getByTestId('request-duration')).toHaveText('1 day (½ working day)');
  await fiona.getByRole('button', { name: 'Submit Request' }).click();
  await expect(fiona.getByText('Holiday request submitted successfully').first()).toBeVisible();
  await expect(fiona.getByLabel('Starts at midday')).not.toBeChecked();

  // The week over St Andrew's Day: her Monday-to-Wednesday week, less the bank holiday.
  await book(fiona, week.monday, week.friday);
  await expect(fiona.getByTestId('request-duration')).toHaveText(`5 days (${week.days})`);
  await expect(fiona.getByTestId('request-bank-holidays')).toContainText('St Andrew’s Day');
  await expect(fiona.getByTestId('request-year-split')).toHaveCount(0);
  await fiona.getByRole('button', { name: 'Submit Request' }).click();
  await expect(fiona.getByText('Holiday request submitted successfully').first()).toBeVisible();

  // Her requests carry the counts the server stored.
  await fiona.getByRole('tab', { name: 'My Requests' }).click();
  const mine = (await (await fiona.request.get('/api/v1/holidays/requests')).json()) as {
    items: { startDate: string; workingDays: number; startHalfDay: boolean; status: string }[];
  };
  const half = mine.items.find((r) => r.startDate === halfDay && r.status === 'pending');
  expect(half).toMatchObject({ workingDays: 0.5, startHalfDay: true });
  const stored = mine.items.find((r) => r.startDate === week.monday && r.status === 'pending');
  expect(stored?.workingDays).toBe(Number(week.days.split(' ')[0]));

  // The team calendar marks St Andrew's Day for her, with its name on hover and for screen readers.
  await fiona.goto(
    `/holidays?tab=calendar&month=${week.monday.slice(0, 7) === '2028-11' ? '2028-11' : `${week.monday.slice(0, 4)}-11`}`,
  );
  const cell = fiona.getByTestId(`calendar-day-${week.monday.slice(0, 4)}-11-30`);
  const mark = cell.getByTestId('bank-holiday');
  await expect(mark).toContainText('St Andrew’s Day');
  await expect(mark).toHaveAttribute('title', 'Bank holiday: St Andrew’s Day');
  await expect(mark.getByText('Bank holiday:')).toHaveClass(/sr-only/);
  // December: Christmas Day, for everyone in the UK.
  await fiona.getByRole('button', { name: 'Next month' }).click();
  await expect(
    fiona.getByTestId(`calendar-day-${week.monday.slice(0, 4)}-12-25`).getByTestId('bank-holiday'),
  ).toBeVisible();
});

test('the form says when a request spans two holiday years', async ({ browser }) => {
  const today = utcToday();
  // Late December to early January of a year still ahead; Northwind's holiday year starts in January.
  const year = Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-10` ? 1 : 0);
  const alice = await signedInPage(browser, 'alice@northwind.example');
  await alice.goto('/holidays?tab=request');
  await book(alice, `${year}-12-21`, `${year + 1}-01-08`);
  const notice = alice.getByTestId('request-year-split');
  await expect(notice).toContainText(`This request spans two holiday years: `);
  await expect(notice).toContainText(`from ${year}, `);
  await expect(notice).toContainText(`from ${year + 1}`);
  await expect(alice.getByTestId('request-bank-holidays')).toContainText('Christmas Day');
});
