import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  demo,
  signInViaApi,
  signInViaForm,
  uniqueEmail,
  verificationLinkFor,
} from './support';

test.describe('authentication', () => {
  test('sign up, verify by e-mail, sign in, sign out and sign in again through the real UI', async ({
    page,
  }) => {
    // Sign-up, mail, verification and two sign-ins: 30 s is too tight on a loaded 2-core CI machine.
    test.setTimeout(90_000);
    const email = uniqueEmail('signup');
    const password = 'Sup3r-Secret-Pass!';

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Full Name').fill('Erin Example');
    await page.getByLabel('Company Name').fill('Example Widgets Ltd');
    // Typed with stray capitals and spaces: the form normalises it on blur.
    await page.getByLabel('Email', { exact: true }).fill(`  ${email.toUpperCase()} `);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByLabel('Confirm Password').fill(`${password}x`);
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    await page.getByLabel('Confirm Password').fill(password);
    await expect(page.getByText('Passwords do not match')).toHaveCount(0);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();

    // Signing in before verifying is refused with the server's message.
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await signInViaForm(page, email, password);
    await expect(page.getByRole('alert')).toHaveText('Please verify your email address before signing in.');

    const link = await verificationLinkFor(email);
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth\?verified=1/);
    await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();

    await signInViaForm(page, email, password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'HR Dashboard' })).toBeVisible();
    await expect(page.getByTestId('company-name')).toHaveText('Example Widgets Ltd');

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('banner')).toHaveCount(0);

    // The session is really gone: a protected page sends us back to /auth.
    await page.goto('/holidays');
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fholidays/);

    await signInViaForm(page, email, password);
    await expect(page).toHaveURL(/\/holidays$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Holiday Management' })).toBeVisible();
  });

  test('a signed-out visitor is sent to /auth and brought back after signing in', async ({ page }) => {
    await page.goto('/attendance?from=test');
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fattendance%3Ffrom%3Dtest$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await signInViaForm(page, demo.alice);
    await expect(
      page.getByRole('button', { name: 'Signing in...' }).or(page.getByText('Coming Soon')),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/attendance\?from=test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance & Time Tracking' })).toBeVisible();
    await expect(page.getByText('Coming Soon')).toBeVisible();
  });

  test('a signed-in visitor of /auth goes to the dashboard', async ({ page }) => {
    await signInViaApi(page, demo.alice);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'HR Dashboard' })).toBeVisible();
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/auth');
    await signInViaForm(page, 'nobody-here@e2e.example', `${DEMO_PASSWORD}x`);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
