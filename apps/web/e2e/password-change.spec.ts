import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, signInViaApi, signInViaForm } from './support';

test('the forced dialog offers Sign Out', async ({ page }) => {
  await signInViaApi(page, demo.firstLogin);
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Password Change Required' });
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('first login forces a password change that cannot be cancelled', async ({ page }) => {
  // Many steps, two password checks and a re-sign-in: more than the default 30 s on a busy machine.
  test.slow();
  await signInViaApi(page, demo.firstLogin);
  // The server refuses everything but /me and the change itself until it is done.
  const blocked = await page.request.get('/api/v1/holidays/balance');
  expect(blocked.status()).toBe(403);
  expect((await blocked.json()).error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Password Change Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Current Password').fill('not-the-password');
  await dialog.getByLabel('New Password', { exact: true }).fill('abc');
  await dialog.getByLabel('Confirm New Password').fill('abc');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Password must be at least 6 characters long')).toBeVisible();

  await dialog.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
  await dialog.getByLabel('Confirm New Password').fill('brand-new-pasz');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();

  // The show/hide toggle reveals what was typed.
  await expect(dialog.getByLabel('New Password', { exact: true })).toHaveAttribute('type', 'password');
  // The second toggle is New Password's (the first is Current Password's).
  await dialog.getByRole('button', { name: 'Show password' }).nth(1).click();
  await expect(dialog.getByLabel('New Password', { exact: true })).toHaveAttribute('type', 'text');

  await dialog.getByLabel('Confirm New Password').fill('brand-new-pass');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible();

  await dialog.getByLabel('Current Password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'HR Dashboard' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The new password is the one that works now.
  await page.context().clearCookies();
  await page.goto('/auth');
  await signInViaForm(page, demo.firstLogin, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signInViaForm(page, demo.firstLogin, 'brand-new-pass');
  await expect(page.getByRole('heading', { level: 1, name: 'HR Dashboard' })).toBeVisible();
});

test('Change Password from the user menu can be cancelled', async ({ page }) => {
  await signInViaApi(page, demo.tom);
  await page.goto('/');
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
