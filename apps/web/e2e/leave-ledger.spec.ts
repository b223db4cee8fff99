import { expect, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

test.describe('the leave ledger', () => {
  test("HR sets an opening balance and the employee's balance card shows it with the calculation", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, demo.owner);
    await page.goto('/employees');
    const table = page.getByRole('table', { name: 'Employees' });
    await table.getByRole('button', { name: 'Edit Tom Turner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Employee' });
    const ledger = dialog.getByRole('region', { name: 'Leave ledger' });
    await expect(ledger.getByTestId('ledger-summary')).toContainText('Allowance');
    await ledger.getByLabel('Entry').selectOption({ label: 'Opening balance (replaces this year’s)' });
    await ledger.getByLabel('Reason').fill('Taken before Northwind HR');
    await ledger.getByLabel('Days (+/-)').fill('-3');
    await ledger.getByRole('button', { name: 'Add to ledger' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Leave ledger updated' }),
    ).toBeVisible();
    await ledger.getByText('Balance calculation').click();
    await expect(ledger.getByRole('row', { name: /Opening balance/ })).toContainText('-3');

    const tomContext = await browser.newContext();
    const tom = await tomContext.newPage();
    await signInViaApi(tom, demo.tom);
    await tom.goto('/holidays');
    const remaining = await tom.getByTestId('balance-remaining').textContent();
    await tom.getByText('How is this calculated?').click();
    const lines = tom.getByRole('table', { name: 'Balance calculation' });
    const opening = lines.getByRole('row', { name: /Opening balance/ });
    await expect(opening).toContainText('Taken before Northwind HR');
    await expect(opening).toContainText('-3');
    await expect(lines.getByRole('row', { name: /Entitlement/ })).toBeVisible();
    await expect(lines.getByRole('row', { name: /Remaining/ })).toContainText(remaining ?? 'missing');
    await expect(tom.getByText(/days a full year/)).toBeVisible();
    await tomContext.close();
  });
});
