import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInViaApi } from './support';

/** The job numbers of a list on the Operations board, top to bottom. */
async function listOrder(page: Page, list: 'Orders' | 'Stock' | 'Complete'): Promise<string[]> {
  const items = page.getByRole('list', { name: `${list} jobs` }).getByTestId('job-item');
  return items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-work-order') ?? ''));
}

async function openOperations(page: Page, list: 'Orders' | 'Stock' | 'Complete') {
  await page.goto('/operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  await page.getByRole('tab', { name: new RegExp(`^${list} \\(`) }).click();
  await expect(page.getByRole('list', { name: `${list} jobs` })).toBeVisible();
}

async function newSignedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, email);
  return page;
}

test.describe('workshop', () => {
  test('a manager orders a missing part, receives it in two deliveries, schedules and issues the job', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, demo.manager);
    await openOperations(page, 'Orders');
    expect(await listOrder(page, 'Orders')).toContain('WO-1012');
    // The tab shows the server's count; the demo's lists fit in their first page, so no "Load more".
    const ordersShown = (await listOrder(page, 'Orders')).length;
    await expect(page.getByRole('tab', { name: `Orders (${ordersShown})` })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Load more/ })).toHaveCount(0);

    // The board holds summaries only: the dialog loads the full job.
    const jobRequest = page.waitForRequest((r) => /\/api\/v1\/workshop\/jobs\/[0-9a-f-]{36}$/.test(r.url()));
    await page.getByRole('button', { name: 'Open WO-1012' }).click();
    await jobRequest;
    const details = page.getByRole('dialog', { name: 'FAN-600 - Extraction fan' });
    const impeller = details.getByTestId('part-IMP-450');
    await expect(impeller).toContainText('To order');
    await expectNoSeriousA11yViolations(page, 'job details');

    // Order the shortfall (2 impellers).
    await impeller.getByRole('button', { name: 'Order IMP-450' }).click();
    const orderDialog = page.getByRole('dialog', { name: 'Order IMP-450' });
    await expect(orderDialog.getByLabel('Quantity ordered')).toHaveValue('2');
    await orderDialog.getByRole('button', { name: 'Mark ordered' }).click();
    await expect(page.getByText('Part marked as ordered')).toBeVisible();
    await expect(impeller).toContainText('Ordered');

    // First delivery: 1 of 2, the balance stays to follow.
    await impeller.getByRole('button', { name: 'Receive IMP-450' }).click();
    let receiveDialog = page.getByRole('dialog', { name: 'Receive IMP-450' });
    await receiveDialog.getByLabel('Quantity delivered').fill('1');
    await receiveDialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(impeller).toContainText('Part received');
    await expect(impeller).toContainText('1 to follow');

    // Booking more than the balance is refused with the server's message.
    await impeller.getByRole('button', { name: 'Receive IMP-450' }).click();
    receiveDialog = page.getByRole('dialog', { name: 'Receive IMP-450' });
    await expect(receiveDialog.getByLabel('Quantity delivered')).toHaveValue('1');
    await receiveDialog.getByLabel('Quantity delivered').fill('5');
    await receiveDialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(receiveDialog.getByRole('alert')).toHaveText(
      'Received quantity cannot exceed the quantity ordered: 1 of 2 still to follow.',
    );
    // Second delivery: the rest.
    await receiveDialog.getByLabel('Quantity delivered').fill('1');
    await receiveDialog.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(impeller).toContainText('Received');
    await expect(details.getByRole('button', { name: 'Issue job' })).toBeEnabled();
    await page.keyboard.press('Escape');

    // The job has moved from Orders to Stock, as a new (unscheduled) job at the bottom.
    await expect.poll(() => listOrder(page, 'Orders')).not.toContain('WO-1012');
    await page.getByRole('tab', { name: /^Stock \(/ }).click();
    await expect.poll(async () => (await listOrder(page, 'Stock')).at(-1)).toBe('WO-1012');
    const stockBefore = await listOrder(page, 'Stock');
    const item = page.getByRole('list', { name: 'Stock jobs' }).locator('[data-work-order="WO-1012"]');
    await expect(item.getByText('New', { exact: true })).toBeVisible();

    // Drag it to the top with the keyboard: Space picks up, arrows move, Space drops.
    const total = stockBefore.length;
    await item.getByRole('button', { name: 'Reorder WO-1012' }).focus();
    await page.keyboard.press('Space');
    // The live region announces the drag (picked up, then over its own position).
    await expect(page.getByText(`WO-1012 is over position ${total} of ${total}.`)).toBeAttached();
    for (let position = total - 1; position >= 1; position--) {
      await page.keyboard.press('ArrowUp');
      await expect(page.getByText(`WO-1012 is over position ${position} of ${total}.`)).toBeAttached();
    }
    await page.keyboard.press('Space');
    await expect(page.getByText('Schedule saved')).toBeVisible();
    const scheduled = ['WO-1012', ...stockBefore.filter((n) => n !== 'WO-1012')];
    await expect.poll(() => listOrder(page, 'Stock')).toEqual(scheduled);
    await expect(item.getByText('New', { exact: true })).toHaveCount(0);

    // The order is the company's: it survives a reload and a colleague in another browser sees it.
    await page.reload();
    await page.getByRole('tab', { name: /^Stock \(/ }).click();
    await expect.poll(() => listOrder(page, 'Stock')).toEqual(scheduled);
    const colleague = await newSignedInPage(browser, demo.owner);
    await openOperations(colleague, 'Stock');
    await expect.poll(() => listOrder(colleague, 'Stock')).toEqual(scheduled);
    await colleague.context().close();

    // Issue it.
    await page.getByRole('button', { name: 'Open WO-1012' }).click();
    const issueDialog = page.getByRole('dialog', { name: 'FAN-600 - Extraction fan' });
    await issueDialog.getByRole('button', { name: 'Issue job' }).click();
    await expect(page.getByText('Job issued')).toBeVisible();
    await expect(issueDialog.getByText(/Issued .* by Maya Mitchell/)).toBeVisible();
    await expect(issueDialog.getByRole('button', { name: 'Issued' })).toBeDisabled();
  });

  test('the Orders screen lists parts to order and the lists reload when the company changes', async ({
    page,
  }) => {
    test.setTimeout(150_000); // two axe runs
    await signInViaApi(page, demo.owner);
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByTestId('breadcrumb-current')).toHaveText('Orders');
    const wo1004 = page.locator('[data-testid="order-job"][data-work-order="WO-1004"]');
    await expect(wo1004.getByTestId('part-BELT-500')).toContainText('Part received');
    await expect(wo1004.getByTestId('part-BELT-500')).toContainText('1 to follow');
    await expectNoSeriousA11yViolations(page, '/orders');

    const reload = page.waitForRequest((r) => r.url().endsWith('/api/v1/workshop/orders'));
    await page.evaluate(() => window.dispatchEvent(new Event('company-changed')));
    await reload;

    await page.goto('/operations');
    await expect(page.getByTestId('breadcrumb-current')).toHaveText('Operations');
    await expect(page.getByRole('list', { name: 'Orders jobs' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/operations');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('heading', { name: 'Workshop', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Operations' })).toHaveAttribute('aria-current', 'page');
    const boardReload = page.waitForRequest((r) => r.url().endsWith('/api/v1/workshop/jobs'));
    await page.evaluate(() => window.dispatchEvent(new Event('company-changed')));
    await boardReload;
  });

  test('Complete lists completed work orders, which can be reopened but not ordered for', async ({
    page,
  }) => {
    await signInViaApi(page, demo.alice);
    await openOperations(page, 'Complete');
    expect((await listOrder(page, 'Complete')).sort()).toEqual(['WO-1010', 'WO-1011']);
    // A completed job is not in the schedule: no drag handles here.
    await expect(page.getByRole('button', { name: /^Reorder / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open WO-1010' }).click();
    const details = page.getByRole('dialog', { name: 'CNV-300 - Conveyor section' });
    await expect(details.getByText('Complete', { exact: true })).toBeVisible();
    await expect(details.getByRole('button', { name: /^(Order|Receive) / })).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Reopen job' })).toBeVisible();
  });
});
