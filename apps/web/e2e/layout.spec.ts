/**
 * Wide screens at desktop widths: row actions on screen without sideways scrolling, the Settings
 * tabs unclipped, the permissions grid's pinned user column and drawn scrollbars, toasts clear of
 * the header's bell and user menu.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

const WIDTHS = [900, 1024, 1100] as const;

/** Every button is inside the window, and the page itself does not scroll sideways. */
async function expectOnScreen(page: Page, buttons: Locator, label: string): Promise<void> {
  // After a resize the list can re-render (table or cards): measure once it shows again.
  await expect(buttons.first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  // One snapshot of every box: rows can leave the list while it is read (another spec decides one).
  const boxes = await buttons.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, width: rect.width };
    }),
  );
  expect(boxes.length, `${label}: buttons to check`).toBeGreaterThan(0);
  const innerWidth = await page.evaluate(() => window.innerWidth);
  boxes.forEach((box, i) => {
    expect(box.width, `${label}: button ${i} rendered`).toBeGreaterThan(0);
    expect(box.left, `${label}: button ${i} left edge`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${label}: button ${i} right edge`).toBeLessThanOrEqual(innerWidth);
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(
    innerWidth,
  );
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('row actions at desktop widths', () => {
  test('Approve and Reject in Approvals', async ({ page }) => {
    await signInViaApi(page, demo.manager);
    await page.goto('/holidays?tab=approvals');
    const buttons = page.getByRole('button', { name: /^(Approve|Reject) request of / });
    await expect(buttons.first()).toBeVisible({ timeout: 30_000 });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectOnScreen(page, buttons, `Approvals at ${width} px`);
    }
  });

  test('Edit and Delete in Employees', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/employees');
    const buttons = page.getByRole('button', { name: /^(Edit|Delete) / });
    await expect(buttons.first()).toBeVisible({ timeout: 30_000 });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectOnScreen(page, buttons, `Employees at ${width} px`);
    }
  });

  test('Order and Receive in the workshop parts table', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/orders');
    const buttons = page.getByRole('button', { name: /^(Order|Change order of|Receive) / });
    await expect(buttons.first()).toBeVisible({ timeout: 30_000 });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectOnScreen(page, buttons, `Orders parts at ${width} px`);
    }
  });
});

test.describe('settings', () => {
  test('My Requests fits its card: no column sits squeezed under the pinned actions', async ({ page }) => {
    await signInViaApi(page, demo.alice);
    await page.goto('/holidays?tab=requests');
    await expect(page.getByTestId('my-request').first()).toBeVisible({ timeout: 30_000 });
    for (const width of [1024, 1100, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByTestId('my-request').first()).toBeVisible();
      // A table where the columns fit, else the list: never a table wider than its card.
      const overflow = await page
        .getByTestId('my-request')
        .first()
        .evaluate((row) => {
          const table = row.closest('table');
          if (!table) return 0;
          return table.getBoundingClientRect().width - (table.parentElement?.clientWidth ?? 0);
        });
      expect(overflow, `My Requests at ${width} px`).toBeLessThanOrEqual(1);
    }
  });

  test('the tabs are not clipped at 1000 px or narrower', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/settings');
    const list = page.getByRole('tablist');
    const tabs = list.getByRole('tab');
    await expect(tabs).toHaveCount(6, { timeout: 20_000 });
    for (const width of [1000, 900, 800]) {
      await page.setViewportSize({ width, height: 800 });
      // The page's content box: a tab reaching past it is cut off by a scroll area or the window.
      const content = await page.locator('main > div').first().boundingBox();
      const right = (content?.x ?? 0) + (content?.width ?? 0);
      for (let i = 0; i < 6; i += 1) {
        const tab = tabs.nth(i);
        // The label fits its tab: no "Slack Integratio".
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const box = await tab.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), `tab ${i} at ${width} px`).toBeLessThanOrEqual(right);
      }
    }
  });

  test('the permissions grid keeps its user column and shows a scroll cue at 1280 px', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/settings?tab=permissions');
    const grid = page.getByRole('table', { name: 'User permissions' });
    await expect(grid).toBeVisible();
    const scroller = grid.locator('xpath=..');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The cue (headless Chromium draws no scrollbars, so the fade is what is checked): more
    // sections to the right until the grid is scrolled to its end.
    const cue = page.getByTestId('permissions-more-right');
    await expect(cue).toBeVisible();

    const firstUser = grid.getByRole('row').nth(1).getByRole('cell').first();
    const before = await firstUser.boundingBox();
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    // The last section's select is reachable and the user it belongs to still shows beside it.
    const lastSelect = grid.getByRole('row').nth(1).getByRole('combobox').last();
    await expect(lastSelect).toBeInViewport();
    await expect(cue).toBeHidden();
    const after = await firstUser.boundingBox();
    expect(after?.x).toBe(before?.x);
    await expect(firstUser).toBeInViewport();
  });
});

test('a toast does not cover the bell or the user menu', async ({ page }) => {
  // Southbank: no other spec reads its Customer Data levels.
  await signInViaApi(page, 'owner@southbank.example');
  await page.goto('/settings?tab=permissions');
  const grid = page.getByRole('table', { name: 'User permissions' });
  await expect(grid).toBeVisible();
  // Change a level outside the administration sections, save (a success toast), then undo.
  const select = grid.getByRole('combobox', { name: /^Customer Data access for / }).first();
  const original = await select.inputValue();
  await select.selectOption(original === 'view' ? 'admin' : 'view');
  await page.getByRole('button', { name: /^Save Changes/ }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  for (const control of [
    page.getByRole('button', { name: 'Notifications' }),
    page.getByRole('button', { name: /^User menu for / }),
  ]) {
    const box = await control.boundingBox();
    expect(toastBox && box && overlaps(toastBox, box)).toBe(false);
  }
  await select.selectOption(original);
  await page.getByRole('button', { name: /^Save Changes/ }).click();
  await expect(page.getByRole('button', { name: /^Save Changes/ })).toHaveCount(0);
});

test("a toast raised over a dialog covers neither the dialog's close button nor the bell and user menu", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInViaApi(page, demo.owner);
  await page.goto('/employees');
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employee' });
  await expect(dialog.getByLabel('Full Name')).toBeVisible({ timeout: 30_000 });
  // A refused save keeps the dialog open and raises an error toast: the number is taken.
  await dialog.getByLabel('Full Name').fill('Toast Check');
  await dialog.getByLabel('Email', { exact: true }).fill('toast.check@northwind.example');
  await dialog.getByLabel('Position').fill('Fitter');
  await dialog.getByLabel('Employee Number').fill('EMP002');
  await dialog.getByLabel('Start Date').fill('2026-01-05');
  const close = dialog.getByRole('button', { name: 'Close' });
  const covered = [
    ["the dialog's close button", close],
    // Behind the modal dialog the header is aria-hidden, not gone.
    ['the bell', page.getByRole('button', { name: 'Notifications', includeHidden: true })],
    ['the user menu', page.getByRole('button', { name: /^User menu for /, includeHidden: true })],
  ] as const;
  // Desktop and tablet widths, and a desktop window as narrow as a phone, short and tall.
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
    [800, 600],
    [390, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'EMP002' }).first();
    await expect(toast).toBeVisible();
    // Sonner slides a toast in: measure once its transitions have finished.
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const toastBox = await toast.boundingBox();
    for (const [name, control] of covered) {
      const box = await control.boundingBox();
      expect(box, `${name} at ${width} px`).not.toBeNull();
      expect
        .soft(toastBox && box && overlaps(toastBox, box), `toast over ${name} at ${width}x${height}`)
        .toBe(false);
    }
    // The toast's own close button works above the modal dialog, and does not close the dialog.
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await expect(toast).toHaveCount(0);
    await expect(dialog).toBeVisible();
  }
});
