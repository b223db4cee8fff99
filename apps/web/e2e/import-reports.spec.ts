import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

const HEADER = 'employee number,full name,email,position,department,start date,line manager';

test.describe('importing employees and the reports', () => {
  test('a CSV with an error is previewed with the cell marked; the corrected file imports (390 px phone width)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const tag = Date.now().toString(36);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page, demo.owner);
    await page.goto('/employees');
    await page.getByRole('button', { name: 'Import employees' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import employees' });

    const rows = (email: string) =>
      [
        HEADER,
        `CSV-${tag}-1,Carla Csv ${tag},carla.${tag}@northwind.example,Fitter,Workshop,05/01/2026,manager@northwind.example`,
        `CSV-${tag}-2,Colin Csv ${tag},${email},Welder,Workshop,2026-01-05,CSV-${tag}-1`,
      ].join('\r\n');
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows('colin-at-northwind')),
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows: 1 ready, 1 with errors.');
    const bad = dialog.getByTestId('import-row-3');
    await expect(bad.locator('[data-error]')).toHaveCount(1);
    await expect(bad.locator('[data-error]')).toContainText('Invalid email address');
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    // The dialog fits the phone's width: nothing wider than the window but the table's own scroller.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows(`colin.${tag}@northwind.example`)),
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows: 2 ready, 0 with errors.');
    await dialog.getByRole('button', { name: 'Import 2 employees' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: '2 employees imported' }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search employees' }).fill(`Csv ${tag}`);
    // Under 640 px the employees are a list of cards.
    const table = page.getByRole('list', { name: 'Employees' });
    await expect(table.getByText(`Carla Csv ${tag}`)).toBeVisible();
    await expect(table.getByText(`Colin Csv ${tag}`)).toBeVisible();
  });

  test('the Reports tab shows the balances and requests with filters and downloads the CSV', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, demo.owner);
    await page.goto('/holidays?tab=reports');
    await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    const balances = page.getByRole('table', { name: 'Balances report' });
    await expect(balances.getByRole('row', { name: /Alice Anders/ })).toBeVisible();
    await expect(balances.getByRole('row', { name: /Olivia Owen/ })).toBeVisible();
    await page.getByLabel('Department').first().selectOption('Workshop');
    await expect(balances.getByRole('row', { name: /Olivia Owen/ })).toHaveCount(0);
    await expect(balances.getByRole('row', { name: /Alice Anders/ })).toBeVisible();

    const requests = page.getByRole('table', { name: 'Requests report' });
    await expect(requests.getByRole('row').nth(1)).toBeVisible();
    await page.getByLabel('Type').selectOption('sick');
    // Only sick leave is left (or nothing, and the empty state says so).
    await expect
      .poll(async () => {
        if (await page.getByText('No requests in this period').isVisible()) return true;
        const cells = await requests.locator('tbody tr td:nth-child(3)').allTextContents();
        return cells.length > 0 && cells.every((c) => c === 'Sick Leave');
      })
      .toBe(true);

    // Every width from the desktop to 320 px: the tables scroll inside their box, the page does not.
    for (const width of [1280, 1024, 800, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits, `Reports at ${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download balances CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^balances-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = text.trim().split('\r\n');
    expect(header).toBe(
      'Employee number,Full name,Department,Entitlement,Opening balance,Carry-over,Adjustments,Taken,Booked,Pending,Remaining',
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes('Workshop'))).toBe(true);
  });

  test('an operative has no Reports tab', async ({ page }) => {
    await signInViaApi(page, demo.alice);
    await page.goto('/holidays?tab=reports');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Reports' })).toHaveCount(0);
  });
});
