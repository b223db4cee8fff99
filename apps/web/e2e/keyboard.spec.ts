import { publicHolidaysBetween } from '@hr/shared/leave/public-holidays';
/** Keyboard use: the skip link, visible focus, focus after dialogs, tab titles, Try again, the main flows. */
import { addDays } from '@hr/shared/working-days';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

// Lazy pages on a busy machine: more room than the default 10 s for the first paint.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 180_000 });

/** What has keyboard focus: tag, id, accessible-ish name. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      id: el?.id ?? '',
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
    };
  });
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Skips the sidebar as a keyboard user would (skip link), then Tabs through the page to `target`. */
async function tabInMainTo(page: Page, target: Locator, limit = 60): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, target, limit);
}

async function expectFocusNotOnBody(page: Page): Promise<void> {
  await expect
    .poll(async () => (await focused(page)).tag, { message: 'focus after closing' })
    .not.toBe('body');
}

function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

test.describe('keyboard', () => {
  test('the skip link is the first Tab stop, shows on focus and moves focus to main', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/holidays');
    await expect(page.getByRole('heading', { level: 1, name: 'Holiday Management' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box?.width ?? 0, 'the focused skip link is shown, not a 1px sr-only box').toBeGreaterThan(60);
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('main');
    // The next Tab goes on inside the page, not back to the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(
      true,
    );
  });

  test('sidebar links show a focus ring', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/');
    const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: 'Holiday Management',
    });
    await expect(link).toBeVisible();
    await tabTo(page, link);
    const ring = await link.evaluate((el) => {
      const style = getComputedStyle(el);
      return { shadow: style.boxShadow, outline: style.outlineStyle };
    });
    expect(ring.shadow !== 'none' || ring.outline !== 'none', JSON.stringify(ring)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/holidays$/);
  });

  test('each route titles the browser tab', async ({ page }) => {
    test.setTimeout(120_000);
    await signInViaApi(page, demo.owner);
    const titles: Array<[string, string]> = [
      ['/', 'Main Dashboard'],
      ['/employees', 'Employee Management'],
      ['/attendance', 'Attendance & Time Tracking'],
      ['/holidays', 'Holiday Management'],
      ['/expenses', 'Expense Management'],
      ['/performance', 'Performance & Reports'],
      ['/company', 'Company Details'],
      ['/profile', 'User Profile'],
      ['/settings', 'Settings'],
      ['/hubspot', 'HubSpot Integration'],
      ['/operations', 'Operations'],
      ['/orders', 'Orders'],
      ['/finance', 'Finance'],
      ['/missing-page', 'Unknown Page'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`${title} - Northwind HR`);
    }
    // Moving inside the app (no reload) retitles too.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page).toHaveTitle('User Profile - Northwind HR');
  });

  test('phone routes and the sign-in page have their own titles', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveTitle('Sign In - Northwind HR');
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page, demo.alice);
    const phoneTitles: Array<[string, string]> = [
      ['/mobile-home', 'Home'],
      ['/mobile-holiday', 'Holidays'],
      ['/mobile-absence', 'Absence'],
      ['/mobile-expense', 'Expenses'],
      ['/mobile-chat', 'Chat'],
    ];
    for (const [path, title] of phoneTitles) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`${title} - Northwind HR`);
    }
  });

  test('closing Add Employee and Delete returns focus to the button that opened them', async ({ page }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, demo.owner);
    await page.goto('/employees');
    const add = page.getByRole('button', { name: 'Add Employee' });
    await expect(add).toBeVisible();
    await tabInMainTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Add New Employee' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(add).toBeFocused();

    const remove = page.getByRole('button', { name: /^Delete / }).first();
    await expect(remove).toBeVisible();
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
  });

  test('a dialog opens on its first field, or its heading when it has none', async ({ page }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, demo.owner);
    await page.goto('/employees');
    const add = page.getByRole('button', { name: 'Add Employee' });
    await expect(add).toBeVisible();
    await tabInMainTo(page, add);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Add New Employee' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Full Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(add).toBeFocused();

    // A confirmation has no field: its heading, never the destructive button.
    const remove = page.getByRole('button', { name: /^Delete / }).first();
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('heading')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(remove).toBeFocused();
  });

  test('a dialog opened from a menu item gives focus back to the menu button', async ({ page }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, demo.developer);
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /^User menu for / });
    await expect(trigger).toBeVisible();
    for (const [item, dialogName, focusedInDialog] of [
      ['Change Password', 'Change Password', (d: Locator) => d.getByLabel('Current Password')],
      [
        'Switch Company',
        'Select Company',
        (d: Locator) => d.getByRole('heading', { name: 'Select Company' }),
      ],
    ] as const) {
      await tabTo(page, trigger, 80);
      await page.keyboard.press('Enter');
      const entry = page.getByRole('menuitem', { name: item });
      await expect(entry).toBeVisible();
      for (let i = 0; i < 15 && !(await entry.evaluate((el) => el === document.activeElement)); i += 1) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(entry).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      await expect(focusedInDialog(dialog)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(trigger, `focus after closing ${dialogName}`).toBeFocused();
    }
  });

  test('book a holiday and approve it with the keyboard only; focus is never dropped on body', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    // A Thursday well ahead, clear of the other specs' dates.
    let day = addDays(utcToday(), 430);
    while (
      new Date(`${day}T00:00:00Z`).getUTCDay() !== 4 ||
      publicHolidaysBetween('england-and-wales', day, day).length > 0
    )
      day = addDays(day, 1);
    const [y, m, d] = day.split('-');
    const reason = `Keyboard booking ${Date.now()}`;

    const tomContext = await browser.newContext();
    const tom = await tomContext.newPage();
    await signInViaApi(tom, demo.tom);
    await tom.goto('/holidays?tab=request');
    const start = tom.getByLabel('Start Date');
    await expect(start).toBeVisible();
    await tabInMainTo(tom, start);
    // Typed as a keyboard user types it (en-US: month, day, year); the end follows once complete.
    await tom.keyboard.type(`${m}${d}${y}`);
    await expect(start).toHaveValue(day);
    await expect(tom.getByLabel('End Date')).toHaveValue(day);
    await tabTo(tom, tom.getByLabel('Reason (optional)'));
    await tom.keyboard.type(reason);
    await tabTo(tom, tom.getByRole('button', { name: 'Submit Request' }));
    await tom.keyboard.press('Enter');
    await expect(tom.getByText('Holiday request submitted successfully').first()).toBeVisible();
    await tomContext.close();

    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await signInViaApi(manager, demo.manager);
    await manager.goto('/holidays?tab=approvals');
    const approval = manager.getByTestId('approval').filter({ hasText: reason });
    const approve = approval.getByRole('button', { name: 'Approve request of Tom Turner' });
    await expect(approve).toBeVisible();

    // Reject, then Cancel: focus goes back to Reject.
    const reject = approval.getByRole('button', { name: 'Reject request of Tom Turner' });
    await tabInMainTo(manager, reject);
    await manager.keyboard.press('Enter');
    const dialog = manager.getByRole('dialog', { name: 'Reject Holiday Request' });
    await expect(dialog).toBeVisible();
    await tabTo(manager, dialog.getByRole('button', { name: 'Cancel' }));
    await manager.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(reject).toBeFocused();

    // Approve for real: the row goes away, focus lands on a heading rather than body.
    await manager.keyboard.press('Shift+Tab');
    await expect(approve).toBeFocused();
    await manager.keyboard.press('Enter');
    const approveDialog = manager.getByRole('dialog', { name: 'Approve Holiday Request' });
    await expect(approveDialog).toBeVisible();
    await tabTo(manager, approveDialog.getByRole('button', { name: 'Approve', exact: true }));
    await manager.keyboard.press('Enter');
    await expect(manager.getByText('Holiday request approved successfully').first()).toBeVisible();
    await expect(approval).toHaveCount(0);
    await expectFocusNotOnBody(manager);
    await managerContext.close();
  });

  test('a load error offers Try again, which shows the data', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    // Every read of the balance fails until the person is offered Try again: the query client retries
    // once by itself, and a card that mounts later may ask again, so the count is not fixed.
    let failing = true;
    let failures = 0;
    await page.route('**/api/v1/holidays/balance*', async (route) => {
      if (failing) {
        failures += 1;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }),
        });
        return;
      }
      await route.fallback();
    });
    await page.goto('/holidays');
    const retry = page.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    await expect(page.getByTestId('balance-remaining')).toHaveCount(0);
    expect(failures).toBeGreaterThanOrEqual(2);
    failing = false;
    await retry.click();
    await expect(retry).toBeHidden();
    await expect(page.getByTestId('balance-remaining')).toBeVisible();
  });
});
