/**
 * Invitations and the audit trail through the real UI (ADRs 0101, 0102): the owner sends an
 * invitation, the email lands in the outbox, the invitee opens its link, chooses a password and lands
 * signed in with their own balance; the owner sees the invitation, then both events in the Audit Trail.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo, signInViaApi, uniqueEmail } from './support';

interface OutboxMail {
  to: string;
  subject: string;
  link?: string;
}

async function invitationLinkFor(email: string): Promise<string> {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set; run the specs through scripts/e2e.mjs.');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
        for (const file of files) {
          const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
          if (mail.to === email && mail.subject.startsWith('You are invited to')) link = mail.link;
        }
        return link !== undefined;
      },
      { message: `invitation mail for ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return link as string;
}

test('an invitation from Settings, accepted by the invitee, is in the audit trail', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('invitee');
  const password = 'Invited-Passw0rd!';

  // The person's employee record exists already; the invitation matches it by email.
  await signInViaApi(page, demo.owner);
  const record = await page.request.post('/api/v1/employees', {
    data: {
      fullName: 'Iris Invitee',
      email,
      position: 'Fitter',
      employeeNumber: `INV-${Date.now()}`,
      startDate: '2024-01-08',
    },
  });
  expect(record.status()).toBe(201);

  await page.goto('/settings?tab=users');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send invitation' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('operative');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `Invitation sent to ${email}` }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();

  const link = await invitationLinkFor(email);
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText(`You are joining`)).toContainText(email);
  await expect(invitee.getByLabel('Full Name')).toHaveValue('Iris Invitee');
  await invitee.getByLabel('Password', { exact: true }).fill(password);
  await invitee.getByLabel('Confirm Password').fill(password);
  await invitee.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(invitee).toHaveURL(/\/$/);
  await invitee.goto('/holidays');
  await expect(invitee.getByTestId('balance-remaining')).toHaveText(/\d/);

  // The link works once.
  await invitee.goto(link);
  await expect(
    invitee.getByText('This invitation has already been used. Sign in with your email and password.'),
  ).toBeVisible();
  await inviteeContext.close();

  // The owner: the invitation is no longer pending; the audit trail has it sent and accepted.
  await page.goto('/settings?tab=users');
  await expect(page.getByRole('row').filter({ hasText: 'Iris Invitee' })).toBeVisible();
  await page.goto('/settings?tab=audit');
  // The table keeps the previous page while a filter loads: wait for the filtered rows.
  const rows = page.getByRole('row').filter({ hasText: email });
  await page.getByLabel('Kind').selectOption({ label: 'Invitation accepted' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Invitation accepted');
  await expect(rows).toContainText('Iris Invitee');
  await page.getByLabel('Kind').selectOption({ label: 'Invitation sent' });
  await expect(rows.filter({ hasText: 'Invitation sent' })).toHaveCount(1);
  await expect(rows).toContainText('Olivia Owen');
  await page.getByLabel('Kind').selectOption({ label: 'Employee created' });
  await expect(rows.filter({ hasText: 'Employee created' })).toHaveCount(1);
  await expect(rows).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
});
