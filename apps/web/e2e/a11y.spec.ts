import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInViaApi } from './support';

test.describe('accessibility (axe-core, no serious or critical violations)', () => {
  test('signed-out screens', async ({ page }) => {
    // Five axe runs: each takes several seconds on a 2-core CI machine running two specs at once.
    test.setTimeout(150_000);
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth sign in');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Company Name')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth sign up');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth sign up with errors');
    await page.goto('/auth?verified=1');
    await expectNoSeriousA11yViolations(page, '/auth verified');
    await page.goto('/missing-page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '404');
  });

  test('desktop screens', async ({ page }) => {
    test.setTimeout(420_000);
    await signInViaApi(page, demo.owner);
    const screens: Array<[string, string]> = [
      ['/', 'HR Dashboard'],
      ['/employees', 'Employee Management'],
      ['/attendance', 'Attendance & Time Tracking'],
      ['/holidays', 'Holiday Management'],
      ['/expenses', 'Expense Management'],
      ['/performance', 'Performance & Reports'],
      ['/company', 'Company Details'],
      ['/profile', 'User Profile'],
      ['/settings', 'Settings'],
      ['/hubspot', 'HubSpot Integration'],
      ['/orders', 'Orders'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    }
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    await expectNoSeriousA11yViolations(page, 'collapsed sidebar');
    await page.keyboard.press('Control+b');

    await page.getByRole('button', { name: /User menu/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'user menu');
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'change password dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('No notifications yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'notifications');
  });

  test('access denied screen', async ({ page }) => {
    await signInViaApi(page, demo.alice);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'access denied');
  });

  test('mobile screens', async ({ browser }) => {
    test.setTimeout(90_000);
    // A phone: the layout follows the device (touch, small screen), not the window width.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await signInViaApi(page, demo.alice);
    for (const path of [
      '/mobile-home',
      '/mobile-holiday',
      '/mobile-absence',
      '/mobile-expense',
      '/mobile-chat',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Mobile tabs' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, path);
    }
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByTestId('sidebar-drawer')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'mobile drawer');
    await phone.close();
  });
});
