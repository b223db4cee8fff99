import { expect, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

test.describe('app shell', () => {
  test('unknown paths show the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    // Signed out, home is protected: it ends on the sign-in page.
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an operative is denied /settings and /employees', async ({ page }) => {
    await signInViaApi(page, demo.alice);
    for (const path of ['/settings', '/employees']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this section.")).toBeVisible();
    }
    // The sidebar does not offer what the role cannot open.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'System Settings' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Employees' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Holiday Management' })).toBeVisible();
  });

  test('a super admin reaches /settings and /employees', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await page.goto('/employees');
    await expect(page.getByRole('heading', { level: 1, name: 'Employee Management' })).toBeVisible();
    await expect(page.getByText('Access Denied')).toHaveCount(0);
  });

  test('the dashboard shows its cards and the sidebar groups', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/');
    for (const [title, action] of [
      ['Employee Management', 'Manage Employees'],
      ['Attendance & Time Tracking', 'Track Attendance'],
      ['Holiday Management', 'Manage Holidays'],
      ['Expense Management', 'Manage Expenses'],
      ['Performance & Reports', 'View Reports'],
    ]) {
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: action })).toBeVisible();
    }
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const group of [
      'Dashboard',
      'Employee Management',
      'Leave Management',
      'Financial Management',
      'Reports & Analytics',
      'Settings',
    ]) {
      await expect(nav.getByRole('heading', { name: group, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: 'HR Dashboard' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Performance & Reports' }).click();
    await expect(nav.getByRole('link', { name: 'Performance & Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'HR Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('Ctrl+B toggles the sidebar, sets the sidebar:state cookie and survives a reload', async ({
    page,
    context,
  }) => {
    await signInViaApi(page, demo.tom);
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie?.value).toBe('false');
    // Kept for 7 days.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);

    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    // Collapsed to icons: the labels stay available to assistive technology.
    await expect(page.getByRole('link', { name: 'Holiday Management' })).toBeVisible();

    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar:state')?.value).toBe('true');
  });

  test('the breadcrumb names the page and goes back to the previous one', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/');
    await page.getByRole('link', { name: 'Manage Holidays' }).click();
    await expect(page.getByTestId('breadcrumb-current')).toHaveText('Holiday Management');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Expense Management' })
      .click();
    await expect(page.getByTestId('breadcrumb-current')).toHaveText('Expense Management');
    await page.getByRole('button', { name: 'Back to Holiday Management' }).click();
    await expect(page).toHaveURL(/\/holidays$/);
    await page.goto('/hire-orders');
    await expect(page.getByTestId('breadcrumb-current')).toHaveText('Hire Orders');
  });
});

test.describe('user menu per role', () => {
  const cases = [
    {
      email: demo.alice,
      role: 'Operative',
      visible: ['User Profile', 'Change Password', 'Sign Out'],
      hidden: ['Settings', 'Company Details', 'HubSpot Integration', 'Switch Company'],
    },
    {
      email: demo.admin,
      role: 'Admin',
      visible: ['User Profile', 'Change Password', 'Sign Out'],
      hidden: ['Settings', 'Company Details', 'HubSpot Integration', 'Switch Company'],
    },
    {
      email: demo.owner,
      role: 'Super Admin',
      visible: [
        'User Profile',
        'Settings',
        'Company Details',
        'HubSpot Integration',
        'Change Password',
        'Sign Out',
      ],
      hidden: ['Switch Company'],
    },
    {
      email: demo.developer,
      role: 'Developer',
      visible: [
        'User Profile',
        'Settings',
        'Company Details',
        'Switch Company',
        'Change Password',
        'Sign Out',
      ],
      hidden: ['HubSpot Integration'],
    },
  ];

  for (const { email, role, visible, hidden } of cases) {
    test(`${role} sees the entries the role allows`, async ({ page }) => {
      await signInViaApi(page, email);
      await page.goto('/');
      await page.getByRole('button', { name: /User menu/ }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByTestId('user-role')).toHaveText(role);
      for (const name of visible)
        await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
      for (const name of hidden)
        await expect(menu.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
    });
  }

  test('the developer opens the Select Company dialog from the menu', async ({ page }) => {
    await signInViaApi(page, demo.developer);
    await page.goto('/');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Switch Company' }).click();
    await expect(page.getByRole('dialog', { name: 'Select Company' })).toBeVisible();
  });

  test('Connect Slack leads super admins to the Slack settings tab and is not offered to operatives', async ({
    page,
  }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/');
    await page.getByRole('link', { name: 'Connect Slack' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=slack-integration$/);

    await page.context().clearCookies();
    await signInViaApi(page, demo.alice);
    await page.goto('/');
    // No Slack Integration section: nothing to connect (each user connects their own account).
    await expect(page.getByRole('heading', { name: 'HR Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Slack' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Connect Slack' })).toHaveCount(0);
  });
});
