/**
 * Email (issue 19): a new request reaches the approver's inbox (the outbox folder) with a link back to
 * the Approvals tab; each user turns optional emails off in their User Profile, saved with a toast.
 */
import { clearMondayFrom } from '@hr/shared/leave/leave-days';
import { addDays } from '@hr/shared/working-days';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, outboxMails, signInViaApi } from './support';

const SAM = 'sam@southbank.example';
const SOPHIE = 'owner@southbank.example';

test('a new request emails the approver, whose link opens the Approvals tab', async ({ browser }) => {
  test.slow();
  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  await signInViaApi(sam, SAM);
  const day = addDays(
    clearMondayFrom(addDays(new Date().toISOString().slice(0, 10), 200), 'england-and-wales'),
    2,
  );
  const booked = await sam.request.post('/api/v1/holidays/requests', {
    data: { startDate: day, endDate: day, holidayType: 'annual', reason: '<b>Dentist</b>' },
  });
  expect(booked.status()).toBe(201);
  const request = (await booked.json()) as { id: string };
  try {
    let mail: Awaited<ReturnType<typeof outboxMails>>[number] | undefined;
    await expect
      .poll(
        async () => {
          mail = (await outboxMails()).find(
            (m) =>
              m.to === SOPHIE && m.subject === 'Holiday request from Sam Reed' && m.text.includes('Dentist'),
          );
          return Boolean(mail);
        },
        { message: 'the approver email', timeout: 20_000 },
      )
      .toBe(true);
    expect(mail?.html).not.toContain('<b>Dentist</b>');
    expect(mail?.text).toContain('Southbank');
    expect(mail?.link).toMatch(/\/holidays\?tab=approvals$/);

    const sophieContext = await browser.newContext();
    const sophie = await sophieContext.newPage();
    await signInViaApi(sophie, SOPHIE);
    await sophie.goto(new URL(mail?.link as string).pathname + new URL(mail?.link as string).search);
    await expect(sophie.getByRole('tab', { name: /Approvals/ })).toHaveAttribute('aria-selected', 'true');
    await expect(sophie.getByText('Sam Reed').first()).toBeVisible();
    await sophieContext.close();
  } finally {
    await sam.request.post(`/api/v1/holidays/requests/${request.id}/cancel`);
    await samContext.close();
  }
});

test('User Profile: optional emails are turned off and on with the keyboard, saved with a toast', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signInViaApi(page, SOPHIE);
  await page.goto('/profile');
  const card = page.getByRole('heading', { name: 'Email notifications' });
  await expect(card).toBeVisible();
  const leaver = page.getByRole('switch', { name: "Leavers' last day" });
  await expect(leaver).toHaveAttribute('aria-checked', 'true');
  await leaver.focus();
  await page.keyboard.press('Space');
  await expect(leaver).toHaveAttribute('aria-checked', 'false');
  const save = page.getByRole('button', { name: 'Save email preferences' });
  await save.click();
  await expect(page.getByText('Email preferences saved')).toBeVisible();
  // No horizontal scrolling at 320 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByRole('switch', { name: "Leavers' last day" })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expectNoSeriousA11yViolations(page, 'profile with email preferences');
  const saved = await page.request.get('/api/v1/profile/email-preferences');
  expect(await saved.json()).toMatchObject({ leaver: false, new_request: true });

  // Back on, as the demo data had it.
  await page.getByRole('switch', { name: "Leavers' last day" }).click();
  await page.getByRole('button', { name: 'Save email preferences' }).click();
  await expect(page.getByText('Email preferences saved')).toBeVisible();
});
