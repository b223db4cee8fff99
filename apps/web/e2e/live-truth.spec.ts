/**
 * "Data shown must be true": a decision reaches the requester's open page live (no reload), the
 * notification's dates are in the user's locale, and the screens are photographed at five widths.
 */
import { mkdirSync } from 'node:fs';
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays } from '@hr/shared/working-days';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

const WIDTHS = [1280, 1100, 1024, 800, 390];
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/truth-shots';

async function signedInPage(browser: Browser, email: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'UTC',
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await signInViaApi(page, email);
  return page;
}

function mondayAfter(days: number): string {
  // Two weeks without bank holidays: the counts stay the same whatever the date.
  return clearMondayFrom(addDays(new Date().toISOString().slice(0, 10), days), 'england-and-wales');
}

test("the manager approves; the requester's row and balance update live, the text in local dates", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const alice = await signedInPage(browser, demo.alice);
  const start = mondayAfter(200);
  const end = addDays(start, 2);
  const reason = `Live ${Date.now()}`;
  const booked = await alice.request.post('/api/v1/holidays/requests', {
    data: { startDate: start, endDate: end, holidayType: 'annual', reason },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };

  await alice.goto('/holidays?tab=requests');
  const row = alice.getByTestId('my-request').filter({ hasText: reason });
  await expect(row).toContainText('Pending');

  const manager = await signedInPage(browser, demo.manager);
  const decided = await manager.request.post(`/api/v1/holidays/requests/${id}/decision`, {
    data: { decision: 'approve' },
  });
  expect(decided.status()).toBe(200);

  // No reload: the live event refreshes the row.
  await expect(row).toContainText('Approved', { timeout: 5000 });

  await alice.getByRole('button', { name: /^Notifications/ }).click();
  const panel = alice.getByRole('dialog');
  const text = panel.getByText(/Your request for Annual Leave/).first();
  await expect(text).toBeVisible();
  await expect(text).not.toContainText(start);
  const day = Number(start.slice(8, 10));
  await expect(text).toContainText(String(day));
  for (const width of WIDTHS) {
    await alice.setViewportSize({ width, height: 900 });
    await alice.screenshot({ path: `${SHOTS}/notifications-${width}.png` });
  }
});

test('parts of a job with a part to order, photographed at five widths', async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const page = await signedInPage(browser, demo.manager);
  await page.goto('/operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  await page.getByRole('tab', { name: /^Orders \(/ }).click();
  await page.getByRole('button', { name: 'Open WO-1006' }).click();
  const plc = page.getByTestId('part-PLC-24DC');
  await expect(plc).toContainText('To order');
  const sop = page.getByRole('link', { name: /SOP-CTL-500\.pdf/ });
  await expect(sop).toBeVisible();
  const file = await page.request.get((await sop.getAttribute('href')) as string);
  expect(file.status()).toBe(200);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/job-parts-${width}.png` });
  }
});
