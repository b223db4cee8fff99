import { expect, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

test.describe('calendar feeds', () => {
  test('at 390 px an employee creates a feed, sees its URL once, the URL serves iCalendar, and revoking stops it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page, demo.tom);
    await page.goto('/holidays');
    const card = page.locator('[data-slot="card"]').filter({ hasText: 'Calendar feeds' });
    await card.scrollIntoViewIfNeeded();
    await card.getByLabel('Feed').selectOption({ label: 'My team' });
    await card.getByRole('checkbox', { name: 'Include bank holidays' }).check();
    await card.getByRole('button', { name: 'Create feed URL' }).click();
    const url = await card.getByLabel('Your new feed URL (shown only once)').inputValue();
    expect(url).toMatch(/\/api\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    // Nothing reaches past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const feed = await request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    const list = card.getByRole('list', { name: 'My calendar feeds' });
    await expect(list).toContainText('My team, with bank holidays');
    await list
      .getByRole('button', { name: /^Revoke My team feed/ })
      .first()
      .click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Calendar feed revoked' }),
    ).toBeVisible();
    expect((await request.get(new URL(url).pathname)).status()).toBe(404);
  });

  test('the owner lets employees subscribe to the whole company in Company Settings; Alice then can', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInViaApi(page, demo.owner);
    await page.goto('/settings?tab=company');
    const toggle = page.getByRole('switch', {
      name: 'Employees may subscribe to the whole company calendar',
    });
    await expect(toggle).toBeVisible({ timeout: 30_000 });
    await expect(toggle).not.toBeChecked();

    const aliceContext = await browser.newContext();
    const alice = await aliceContext.newPage();
    await signInViaApi(alice, demo.alice);
    await alice.goto('/holidays');
    const feedSelect = alice
      .locator('[data-slot="card"]')
      .filter({ hasText: 'Calendar feeds' })
      .getByLabel('Feed');
    await expect(feedSelect.locator('option')).toHaveText(['My leave', 'My team']);

    await toggle.click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Calendar feed setting saved' }),
    ).toBeVisible();
    await alice.reload();
    await expect(feedSelect.locator('option')).toHaveText(['My leave', 'My team', 'Whole company']);

    // Off again, so other specs see the default.
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await aliceContext.close();
  });
});
