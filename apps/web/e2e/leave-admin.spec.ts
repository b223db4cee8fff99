/**
 * Leave administration (issue 18, ADRs 0093, 0094): a super admin's Leave rules persist after a
 * reload; a line manager records past sickness for a report and the super admin's sickness totals
 * count it; Show leavers reveals a leaver with their end date and what they are owed.
 */
import { expect, type Page, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

const SOUTHBANK_OWNER = 'owner@southbank.example';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

function isoDaysAgo(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** A Tuesday at least `days` back (Nina Newman works Monday to Thursday). */
function tuesdayBefore(days: number): string {
  const d = new Date(`${isoDaysAgo(days)}T00:00:00Z`);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

test.describe('leave administration', () => {
  test('a super admin edits the leave rules and they persist after reload', async ({ page }) => {
    test.setTimeout(60_000);
    await signInViaApi(page, SOUTHBANK_OWNER);
    const before = await (await page.request.get('/api/v1/leave/settings')).json();
    try {
      await page.goto('/settings?tab=company');
      const rules = page.getByRole('form', { name: 'Leave rules' });
      await expect(rules.getByLabel('Carry-over cap (days)')).toHaveValue(String(before.carryOverCapDays));
      await rules.getByLabel('Carry-over cap (days)').fill('2.3');
      await rules.getByRole('button', { name: 'Save Leave Rules' }).click();
      await expect(rules.getByText('Days must be in steps of 0.5')).toBeVisible();

      await rules.getByLabel('Carry-over cap (days)').fill('4.5');
      await rules.getByLabel('Carry-over expires').selectOption({ label: '6 months into the new year' });
      await rules.getByLabel('Allow negative balances').click();
      await rules.getByLabel('Study Leave uses allowance').check();
      await rules.getByLabel('Sick Leave needs approval').uncheck();
      await rules.getByRole('button', { name: 'Save Leave Rules' }).click();
      await expect(toast(page, 'Leave rules saved')).toBeVisible();

      await page.reload();
      const reloaded = page.getByRole('form', { name: 'Leave rules' });
      await expect(reloaded.getByLabel('Carry-over cap (days)')).toHaveValue('4.5');
      await expect(reloaded.getByLabel('Carry-over expires')).toHaveValue('6');
      await expect(reloaded.getByLabel('Allow negative balances')).toHaveAttribute('aria-checked', 'true');
      await expect(reloaded.getByLabel('Study Leave uses allowance')).toBeChecked();
      await expect(reloaded.getByLabel('Sick Leave needs approval')).not.toBeChecked();
      await expect(reloaded.getByLabel('Annual Leave uses allowance')).toBeChecked();
    } finally {
      expect((await page.request.put('/api/v1/leave/settings', { data: before })).status()).toBe(200);
    }
  });

  test('a line manager records past sickness for a report and it shows in the sickness totals', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const day = tuesdayBefore(40);
    await signInViaApi(page, demo.manager);
    await page.goto('/holidays');
    const form = page.getByRole('form', { name: 'Record sickness' });
    await form.getByLabel('Find employee').fill('Nina');
    const employee = form.getByLabel('Employee', { exact: true });
    await expect(employee.locator('option', { hasText: 'Nina Newman' })).toHaveCount(1);
    await expect(employee.locator('option', { hasText: 'Olivia Owen' })).toHaveCount(0);
    await employee.selectOption({
      label: (await employee.locator('option', { hasText: 'Nina Newman' }).textContent()) ?? '',
    });
    await form.getByLabel('First day off sick').fill(day);
    await form.getByRole('button', { name: 'Record sickness' }).click();
    await expect(toast(page, 'Sickness recorded')).toBeVisible();

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInViaApi(owner, demo.owner);
    await owner.goto('/holidays');
    const totals = owner.getByRole('table', { name: 'Sickness totals' });
    const row = totals.getByRole('row', { name: /Nina Newman/ });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await ownerContext.close();
  });

  test('Show leavers reveals a leaver with their end date and what they are owed', async ({ page }) => {
    test.setTimeout(60_000);
    await signInViaApi(page, demo.owner);
    const suffix = Date.now().toString(36);
    const name = `Lena Leaver ${suffix}`;
    const created = await page.request.post('/api/v1/employees', {
      data: {
        fullName: name,
        email: `lena.${suffix}@northwind.example`,
        position: 'Fitter',
        employeeNumber: `LV-${suffix}`,
        startDate: isoDaysAgo(400),
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const ended = await page.request.put(`/api/v1/employees/${id}/end-date`, {
      data: { endDate: isoDaysAgo(2) },
    });
    expect(ended.status()).toBe(200);

    await page.goto('/employees');
    await page.getByLabel('Search employees').fill(suffix);
    const table = page.getByRole('table', { name: 'Employees' });
    await expect(table.getByText('No employees match your search')).toBeVisible();
    await page.getByLabel('Show leavers').click();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('employee-end-date')).toContainText('End date');
    await expect(row.getByTestId('employee-owed')).toContainText(/(Owed|Over-taken) on leaving: \d/);
    await page.getByLabel('Show leavers').click();
    await expect(table.getByText('No employees match your search')).toBeVisible();
  });
});
