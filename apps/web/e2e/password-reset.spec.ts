/**
 * Account recovery through the real UI (ADR 0054): resend verification on a refused sign-in, then
 * Forgot password? -> the mailed link -> a new password -> sign in; the link does not work twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInViaForm, uniqueEmail } from './support';

interface OutboxMail {
  to: string;
  subject: string;
  link?: string;
}

/** The link of the newest outbox mail to `email` with `subject`, once there are `count` of them. */
async function mailedLink(email: string, subject: string, count = 1): Promise<string> {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set; run the specs through scripts/e2e.mjs.');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.json'))
          .sort();
        const mails: OutboxMail[] = [];
        for (const file of files) {
          const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
          if (mail.to === email && mail.subject === subject) mails.push(mail);
        }
        link = mails.at(-1)?.link;
        return mails.length;
      },
      { message: `${subject} mail for ${email}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return link as string;
}

async function signUp(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Rhea Reset', companyName: 'Reset Rentals Ltd', email, password },
  });
  expect(res.status()).toBe(200);
}

test('resend verification, forgot password, the emailed link, a new password and sign in', async ({
  page,
}) => {
  // Two mails, two sign-ins and four page loads: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const email = uniqueEmail('reset');
  const password = 'First-Passw0rd!';
  const newPassword = 'Second-Passw0rd!';
  await signUp(page, email, password);

  // Not verified yet: the refused sign-in offers a new verification email.
  await page.goto('/auth');
  await signInViaForm(page, email, password);
  await expect(page.getByRole('alert')).toHaveText('Please verify your email address before signing in.');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(
    page.getByText(
      'If this email address is waiting for verification, we have sent a new verification email.',
    ),
  ).toBeVisible();
  await page.goto(await mailedLink(email, 'Verify your email address', 2));
  await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();

  // Forgot password? on the sign-in tab.
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText(
      'If an account exists for this email address, we have sent a link to reset your password. The link works for one hour.',
    ),
  ).toBeVisible();

  const link = await mailedLink(email, 'Reset your Northwind HR password');
  expect(new URL(link).pathname).toBe('/auth/reset-password');
  await page.goto(link);
  await expect(page.getByText('Choose a New Password')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page).toHaveURL(/\/auth\?reset=1$/);
  await expect(page.getByText('Your password has been reset. You can now sign in.')).toBeVisible();
  await signInViaForm(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await signInViaForm(page, email, newPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'HR Dashboard' })).toBeVisible();

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill('Third-Passw0rd!');
  await page.getByLabel('Confirm New Password').fill('Third-Passw0rd!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('This password reset link is invalid, has expired or has already been used.'),
  ).toBeVisible();
});
