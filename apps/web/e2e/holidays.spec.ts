import { HOLIDAY_MESSAGES } from '@hr/shared/hr/holiday-constants';
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { publicHolidaysBetween } from '@hr/shared/leave/public-holidays';
import { addDays, countWorkingDays } from '@hr/shared/working-days';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInViaApi } from './support';

test.use({ locale: 'en-GB', timezoneId: 'UTC' });

/** The seeded requests of Alice (apps/server/src/setup/seed.ts), as offsets from the seeding day. */
const SEEDED_ALICE = [
  [14, 18],
  [40, 41],
  [-30, -28],
] as const;

interface Balance {
  used: number;
  yearStart: string;
  yearEnd: string;
}

function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The dates meet one of Alice's seeded requests, or hold an English bank holiday (the counts would differ). */
function overlaps(start: string, end: string, today: string): boolean {
  return (
    SEEDED_ALICE.some(([a, b]) => start <= addDays(today, b) && addDays(today, a) <= end) ||
    publicHolidaysBetween('england-and-wales', start, end).length > 0
  );
}

/**
 * A Monday to Wednesday after today that misses Alice's seeded requests, inside the current holiday
 * year when there is one left (only then does it count towards this year's balance).
 */
function pickDates(today: string, yearEnd: string): { start: string; end: string } {
  let monday = addDays(today, 21);
  while (weekday(monday) !== 1) monday = addDays(monday, 1);
  for (let candidate = monday; candidate <= addDays(yearEnd, 366); candidate = addDays(candidate, 7)) {
    const end = addDays(candidate, 2);
    if (!overlaps(candidate, end, today)) return { start: candidate, end };
  }
  throw new Error('no free Monday found');
}

/** Within the current year first: from tomorrow on, if the 21-day gap leaves no room before the year ends. */
function pickDatesInYear(today: string, yearEnd: string): { start: string; end: string } {
  const later = pickDates(today, yearEnd);
  if (later.end <= yearEnd) return later;
  let monday = addDays(today, 1);
  while (weekday(monday) !== 1) monday = addDays(monday, 1);
  for (let candidate = monday; addDays(candidate, 2) <= yearEnd; candidate = addDays(candidate, 7)) {
    if (!overlaps(candidate, addDays(candidate, 2), today))
      return { start: candidate, end: addDays(candidate, 2) };
  }
  return later;
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signInViaApi(page, email);
  return page;
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** axe runs once the toasts are gone: one caught mid-animation fails the contrast rule. */
async function noToasts(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

function monthsBetween(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7))
  );
}

test.describe('holiday management', () => {
  test('request, reject disabled without comment, approve with comment, balance and calendar follow', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const alice = await signedInPage(browser, demo.alice);
    const balanceBefore = (await (await alice.request.get('/api/v1/holidays/balance')).json()) as Balance;
    const today = utcToday();
    const { start, end } = pickDatesInYear(today, balanceBefore.yearEnd);
    const workingDays = countWorkingDays(start, end);
    expect(workingDays).toBe(3);
    const countsThisYear = start >= balanceBefore.yearStart && end <= balanceBefore.yearEnd;
    const reason = `E2E days off ${Date.now()}`;

    // Alice reads her balance and requests the three days.
    await alice.goto('/holidays');
    await expect(alice.getByRole('heading', { level: 1, name: 'Holiday Management' })).toBeVisible();
    await expect(alice.getByTestId('balance-used')).toBeVisible();
    const usedBefore = Number(await alice.getByTestId('balance-used').textContent());
    expect(usedBefore).toBe(balanceBefore.used);
    await expect(alice.getByRole('tab', { name: 'My Requests' })).toBeVisible();
    await expect(alice.getByRole('tab', { name: 'Approvals' })).toHaveCount(0);

    await alice.getByRole('tab', { name: 'Request Holiday' }).click();
    await alice.getByLabel('Start Date').fill(start);
    // Picking the start fills the empty end date.
    await expect(alice.getByLabel('End Date')).toHaveValue(start);
    await alice.getByLabel('End Date').fill(end);
    await expect(alice.getByTestId('request-duration')).toHaveText('3 days (3 working days)');
    await expect(alice.getByLabel('Holiday Type')).toHaveValue('annual');
    await alice.getByLabel('Reason (optional)').fill(reason);
    await alice.getByRole('button', { name: 'Submit Request' }).click();
    await expect(toast(alice, 'Holiday request submitted successfully')).toBeVisible();
    // The form resets.
    await expect(alice.getByLabel('Start Date')).toHaveValue('');
    await expect(alice.getByLabel('Reason (optional)')).toHaveValue('');

    await alice.getByRole('tab', { name: 'My Requests' }).click();
    const myRow = alice.getByTestId('my-request').filter({ hasText: reason });
    await expect(myRow).toContainText('Pending');
    await noToasts(alice);
    await expectNoSeriousA11yViolations(alice, 'my requests');

    // The line manager sees it in Approvals.
    const manager = await signedInPage(browser, demo.manager);
    await manager.goto('/holidays');
    await manager.getByRole('tab', { name: 'Approvals' }).click();
    const approval = manager.getByTestId('approval').filter({ hasText: reason });
    await expect(approval).toContainText('Alice Anders');
    await expect(approval).toContainText('Annual Leave');

    // Reject needs a comment: the confirm button stays disabled without one.
    await approval.getByRole('button', { name: 'Reject request of Alice Anders' }).click();
    const dialog = manager.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Reject Holiday Request' })).toBeVisible();
    await expect(dialog.getByText('Required for reject')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await noToasts(manager);
    await expectNoSeriousA11yViolations(manager, 'reject dialog');
    await dialog.getByLabel(/Comment/).fill('   ');
    await expect(dialog.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    // Approve with a comment.
    await approval.getByRole('button', { name: 'Approve request of Alice Anders' }).click();
    await expect(dialog.getByText('Optional for approve')).toBeVisible();
    await dialog.getByLabel(/Comment/).fill('Enjoy the break');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(manager, 'Holiday request approved successfully')).toBeVisible();
    await expect(approval).toHaveCount(0);

    // Alice sees it approved, and her used days went up by the working days.
    await alice.reload();
    await expect(myRow).toContainText('Approved');
    await expect(myRow).toContainText('Enjoy the break');
    await expect(alice.getByTestId('balance-used')).toHaveText(
      String(usedBefore + (countsThisYear ? workingDays : 0)),
    );

    // The team calendar shows her name on those days.
    await alice.getByRole('tab', { name: 'Team Calendar' }).click();
    for (let i = 0; i < monthsBetween(today, start); i++) {
      await alice.getByRole('button', { name: 'Next month' }).click();
    }
    const monthName = new Date(`${start}T00:00:00Z`).toLocaleDateString('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(alice.getByTestId('calendar-month')).toHaveText(monthName);
    for (let day = start; day <= end; day = addDays(day, 1)) {
      await expect(alice.getByTestId(`calendar-day-${day}`)).toContainText('Alice Anders');
    }
    await expect(alice.getByTestId(`calendar-day-${addDays(end, 1)}`)).not.toContainText('Alice Anders');
    await noToasts(alice);
    await expectNoSeriousA11yViolations(alice, 'team calendar');

    await alice.context().close();
    await manager.context().close();
  });

  test('a busy day shows two names and +N more, which lists everyone away (desktop grid and phone list)', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // A Wednesday far ahead that no other spec books.
    let day = addDays(utcToday(), 400);
    while (weekday(day) !== 3) day = addDays(day, 1);
    const month = day.slice(0, 7);
    // Each books the day; a pending request is approved by whoever is its line manager among them,
    // or by the owner (the super admin) when it has none (ADR 0049).
    const pages = new Map<string, Page>();
    const userIds = new Map<string, string>();
    for (const email of [demo.owner, demo.admin, demo.manager, demo.tom]) {
      const page = await signedInPage(browser, email);
      pages.set(email, page);
      const me = (await (await page.request.get('/api/v1/me')).json()) as { user: { id: string } };
      userIds.set(me.user.id, email);
    }
    for (const [email, page] of pages) {
      const res = await page.request.post('/api/v1/holidays/requests', {
        data: { startDate: day, endDate: day, holidayType: 'annual' },
      });
      // 409: booked by an earlier attempt of this test, perhaps still pending.
      expect([201, 409], email).toContain(res.status());
      const mine = (await (await page.request.get('/api/v1/holidays/requests?limit=500')).json()) as {
        items: { id: string; startDate: string; status: string; lineManagerId: string | null }[];
      };
      const booked = mine.items.find((r) => r.startDate === day && r.status !== 'cancelled');
      expect(booked?.status, email).toMatch(/^(pending|approved)$/);
      if (booked?.status === 'pending') {
        const approver = pages.get(
          booked.lineManagerId ? (userIds.get(booked.lineManagerId) ?? '') : demo.owner,
        );
        expect(approver, `the line manager of ${email} is one of the four`).toBeDefined();
        const decided = await approver?.request.post(`/api/v1/holidays/requests/${booked.id}/decision`, {
          data: { decision: 'approve' },
        });
        expect(decided?.status()).toBe(200);
      }
    }
    for (const page of pages.values()) await page.context().close();
    const everyone = ['Adam Archer', 'Maya Mitchell', 'Olivia Owen', 'Tom Turner'];

    const alice = await signedInPage(browser, demo.alice);
    await alice.goto(`/holidays?tab=calendar&month=${month}`);
    const cell = alice.getByTestId(`calendar-day-${day}`);
    await expect(cell.getByRole('listitem')).toHaveText(everyone.slice(0, 2));
    const more = cell.getByRole('button', { name: /^2 more away on / });
    await expect(more).toHaveText('+2 more');
    await more.click();
    const popover = alice.getByRole('dialog');
    await expect(popover.getByRole('listitem')).toHaveText(everyone);
    await noToasts(alice);
    await expectNoSeriousA11yViolations(alice, 'team calendar day popover');
    await alice.context().close();

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    const tom = await phone.newPage();
    await signInViaApi(tom, demo.tom);
    await tom.goto(`/holidays?tab=calendar&month=${month}`);
    const item = tom.getByTestId(`calendar-day-${day}`);
    await expect(item).toContainText(everyone.slice(0, 2).join(', '));
    await item.getByRole('button', { name: /^2 more away on / }).click();
    await expect(tom.getByRole('dialog').getByRole('listitem')).toHaveText(everyone);
    await phone.close();
  });

  test('a requester cancels a pending request after a confirmation that names it', async ({ page }) => {
    await signInViaApi(page, demo.tom);
    // Tom books nothing else in these specs: a Monday about a month out, in a week without bank holidays, is free.
    const day = clearMondayFrom(addDays(utcToday(), 30), 'england-and-wales');
    const reason = `E2E cancel ${Date.now()}`;
    const created = await page.request.post('/api/v1/holidays/requests', {
      data: { startDate: day, endDate: day, holidayType: 'annual', reason },
    });
    expect(created.status()).toBe(201);
    await page.goto('/holidays?tab=requests');
    const row = page.getByTestId('my-request').filter({ hasText: reason });
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: /^Cancel request:/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Holiday Request' });
    await expect(dialog).toContainText('Cancel your Annual Leave request for');
    // Keep Request leaves it alone.
    await dialog.getByRole('button', { name: 'Keep Request' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: /^Cancel request:/ }).click();
    await dialog.getByRole('button', { name: 'Cancel Request' }).click();
    await expect(toast(page, 'Holiday request cancelled')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Cancelled');
  });

  test('a sick-leave deep link opens the request form with Sick Leave', async ({ page }) => {
    await signInViaApi(page, demo.tom);
    await page.goto('/holidays?type=sick');
    await expect(page.getByRole('tab', { name: 'Request Holiday' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Holiday Type')).toHaveValue('sick');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Start date is required')).toBeVisible();
    await expect(page.getByText('End date is required')).toBeVisible();
  });

  test('a calendar link naming no month shows this month, says so and drops it from the address', async ({
    page,
  }) => {
    await signInViaApi(page, demo.tom);
    await page.goto('/holidays?tab=calendar&month=0000-13');
    // This month where the browser is, as the calendar works it out.
    const shown = await page.evaluate(() =>
      new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric' }),
    );
    await expect(page.getByTestId('calendar-month')).toHaveText(shown);
    await expect(toast(page, HOLIDAY_MESSAGES.badMonthLink(shown))).toBeVisible();
    await expect(page).toHaveURL(/[?&]tab=calendar(&|$)/);
    expect(new URL(page.url()).searchParams.has('month')).toBe(false);
  });

  test('the page works at 390 px in the mobile shell', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-GB',
    });
    const page = await context.newPage();
    await signInViaApi(page, demo.alice);
    await page.goto('/holidays');
    await expect(page.getByRole('navigation', { name: 'Mobile tabs' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Holiday Management' })).toBeVisible();
    await page.getByRole('button', { name: /My Requests/ }).click();
    await expect(page.getByRole('tab', { name: 'My Requests' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('my-request').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
