/**
 * Phones and tablets, and menu actions that must do what they say (issue "Every screen right at
 * every width"). Screenshots of the screens touched go to test-results/screens/.
 */
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, signInViaApi } from './support';

// scripts/e2e.mjs runs Playwright from the repository root.
const SHOTS = path.join(process.cwd(), 'test-results/screens');
const WIDTHS = [1280, 1100, 1024, 800, 390] as const;
const CRM_URL = process.env.E2E_CRM_APP_URL ?? 'http://crm.e2e.invalid/';

/** Opens `url` afresh at each width (a resize can cross the phone breakpoint) and screenshots it. */
async function shoot(
  page: Page,
  name: string,
  url: string,
  ready: (page: Page) => Locator,
  widths: readonly number[] = WIDTHS,
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(url);
    await expect(ready(page)).toBeVisible();
    // Not fullPage: that grows the viewport to the page's height, and a viewport taller than wide
    // under 1024 px is a portrait tablet, which the app (rightly) sends to /mobile-home.
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('User Profile opens and saves; the menu offers only what works on a phone', async ({ page }) => {
    test.setTimeout(60_000);
    await signInViaApi(page, demo.owner);
    await page.goto('/mobile-home');
    await page.getByRole('button', { name: /User menu/ }).click();
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expect(menu.getByRole('menuitem', { name: 'User Profile' })).toBeVisible();
    for (const desktopOnly of ['Company Details', 'Settings', 'HubSpot Integration', 'Slack Integration'])
      await expect(menu.getByRole('menuitem', { name: desktopOnly })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'User Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
    const position = page.getByLabel('Position');
    await position.fill(`Director ${Date.now() % 1000}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    // Usable at 390 px: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/profile-phone.png`, fullPage: true });
  });

  test('the Holidays tab is lit on /holidays', async ({ page }) => {
    await signInViaApi(page, demo.alice);
    await page.goto('/holidays');
    const tabs = page.getByRole('navigation', { name: 'Mobile tabs' });
    await expect(tabs.getByRole('link', { name: 'Holidays' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('the workshop is desktop-only, and a user who may use it is told so', async ({ page }) => {
    await signInViaApi(page, demo.owner);
    await page.goto('/operations');
    await expect(page).toHaveURL(/\/mobile-home$/);
    await expect(page.getByRole('heading', { name: 'Workshop' })).toBeVisible();
    await expect(page.getByText(/open them on a computer, or on a tablet held in landscape/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/mobile-home-phone.png`, fullPage: true });
  });
});

test('Open CRM app opens the sister app with a one-time code', async ({ page }) => {
  await page
    .context()
    .route(`${new URL(CRM_URL).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>CRM</title><h1>CRM</h1>' }),
    );
  await signInViaApi(page, demo.owner);
  await page.goto('/');
  await page.getByRole('button', { name: /User menu/ }).click();
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('menuitem', { name: 'Open CRM app' }).click();
  const popup = await popupPromise;
  await popup.waitForURL((url) => url.origin === new URL(CRM_URL).origin && url.searchParams.has('crossApp'));
  await expect(popup.getByRole('heading', { name: 'CRM' })).toBeVisible();
});

test('a session revoked elsewhere sends the page to /auth with a toast on the first 401', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInViaApi(page, demo.tom);
  await page.goto('/holidays');
  await expect(page.getByRole('tab', { name: 'Team Calendar' })).toBeVisible({ timeout: 30_000 });
  // The session ends on the server (as when the user is removed); the browser keeps its cookie.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const other = await playwright.request.newContext({ baseURL });
  const out = await other.post('/api/auth/sign-out', {
    headers: { cookie, origin: baseURL ?? '' },
    data: {},
  });
  expect(out.status()).toBe(200);
  await other.dispose();
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);

  // Any request now answers 401. A background one (a refetch, the event stream) may get there before
  // the click does and send the page away first: either way the first 401 ends at /auth.
  await page
    .getByRole('tab', { name: 'Team Calendar' })
    .click({ timeout: 5_000 })
    .catch(() => {});
  await expect(page).toHaveURL(/\/auth(\?|$)/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
});

test('screenshots of the permissions grid and the profile at every width', async ({ page }) => {
  test.setTimeout(300_000);
  await signInViaApi(page, demo.owner);
  await page.goto('/settings?tab=permissions');
  await expect(page.getByText('No Access (role)').first()).toBeVisible({ timeout: 20_000 });
  // Settings is desktop-only (ADR 0062): a phone is sent to /mobile-home.
  await shoot(
    page,
    'permissions',
    '/settings?tab=permissions',
    (p) => p.getByRole('heading', { name: 'User Permissions' }),
    WIDTHS.filter((w) => w !== 390),
  );
  await shoot(page, 'profile', '/profile', (p) => p.getByRole('button', { name: 'Save Changes' }));
});
