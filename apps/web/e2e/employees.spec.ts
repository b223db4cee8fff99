import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInViaApi } from './support';

const COLUMNS = [
  'Employee #',
  'Name',
  'Email',
  'Position',
  'Department',
  'Line Manager',
  'Start Date',
  'Holiday Days',
  'Actions',
];

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** axe runs once the toasts are gone: one caught mid-animation fails the contrast rule. */
async function noToasts(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

async function countFromBadge(page: Page): Promise<number> {
  const text = (await page.getByTestId('employee-count').textContent()) ?? '';
  return Number(text.split(' ')[0]);
}

test.describe('employee management', () => {
  test('add (with a duplicate number first), edit and delete an employee', async ({ page }) => {
    test.setTimeout(60_000);
    const suffix = `${Date.now()}`.slice(-6);
    const name = `Nora North ${suffix}`;
    const number = `E2E-${suffix}`;

    await signInViaApi(page, demo.owner);
    await page.goto('/employees');
    await expect(page.getByRole('heading', { level: 1, name: 'Employee Management' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Employees' });
    await expect(table.getByRole('columnheader')).toHaveText(COLUMNS);
    await expect(table.getByRole('row', { name: /Alice Anders/ })).toBeVisible();
    await expect(page.getByTestId('employee-count')).toHaveText(/^\d+ employees$/);
    const before = await countFromBadge(page);

    // Add, with the number of a seeded employee first.
    await page.getByRole('button', { name: 'Add Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Employee' });
    await expect(dialog).toBeVisible();
    // Empty: the server gives the company's entitlement, pro-rated for a part-time week (ADR 0091).
    await expect(dialog.getByLabel('Annual Holiday Days')).toHaveValue('');
    await dialog.getByLabel('Full Name').fill(name);
    await dialog.getByLabel('Email', { exact: true }).fill(`  Nora.${suffix}@Northwind.Example `);
    await dialog.getByLabel('Position').fill('Fitter');
    await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(`nora.${suffix}@northwind.example`);
    await dialog.getByLabel('Department').fill('Workshop');
    await dialog.getByLabel('Employee Number').fill('EMP002');
    await dialog.getByLabel('Start Date').fill('2026-01-05');
    await dialog
      .getByLabel('Line Manager')
      .selectOption({ label: 'Maya Mitchell (manager@northwind.example)' });
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await expect(toast(page, 'Employee number EMP002 is already in use')).toBeVisible();
    await expect(dialog.locator('#employee-number-error')).toHaveText(
      'Employee number EMP002 is already in use',
    );
    await expect(dialog.getByLabel('Employee Number')).toHaveAttribute('aria-invalid', 'true');
    await noToasts(page);
    await expectNoSeriousA11yViolations(page, 'employee dialog with an error');

    await dialog.getByLabel('Employee Number').fill(number);
    await dialog.getByRole('button', { name: 'Add Employee' }).click();
    await expect(toast(page, 'Employee created successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('employee-count')).toHaveText(`${before + 1} employees`);

    // Search (server side) finds the new record by number.
    await page.getByLabel('Search employees').fill(number);
    await expect(page.getByTestId('employee-count')).toHaveText('1 employee');
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`nora.${suffix}@northwind.example`);
    await expect(row).toContainText('Maya Mitchell');
    await expect(row).toContainText('28 / 28');

    // Edit.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Employee' });
    await expect(edit.getByLabel('Full Name')).toHaveValue(name);
    await expect(edit.getByLabel('Employee Number')).toHaveValue(number);
    await edit.getByLabel('Position').fill('Senior Fitter');
    await edit.getByLabel('Annual Holiday Days').fill('30');
    await edit.getByRole('button', { name: 'Update Employee' }).click();
    await expect(toast(page, 'Employee updated successfully')).toBeVisible();
    await expect(row).toContainText('Senior Fitter');
    await expect(row).toContainText('30 / 30');

    // Delete, after a confirmation naming the employee.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Employee deleted successfully')).toBeVisible();
    await expect(page.getByText('No employees match your search')).toBeVisible();

    await page.getByLabel('Search employees').fill('');
    await expect(page.getByTestId('employee-count')).toHaveText(`${before} employees`);
  });
});
