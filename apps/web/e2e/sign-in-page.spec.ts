/**
 * Issue 20 (ADR 0125): /auth is the sign-in page built apart from the app. Its HTML carries the form
 * before any script runs, it loads none of the app's chunks, and it sends a signed-in visitor on to
 * the way back, by the app's safe-redirect rules.
 */
import { expect, type Response, test } from '@playwright/test';
import { demo, signInViaApi, signInViaForm } from './support';

test('the form is in the HTML: it paints without scripts, and its buttons wait for them', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/auth?redirectTo=%2Fholidays');
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form.getByLabel('Email')).toBeVisible();
    await expect(form.getByLabel('Password', { exact: true })).toBeVisible();
    // Nothing is sent (and no password lands in a URL) until the script has taken the page over.
    await expect(form.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('Sign In - Northwind HR');
  } finally {
    await context.close();
  }
});

test('the sign-in page loads none of the app’s chunks, and signs in with a page load to the way back', async ({
  page,
}) => {
  const responses: Response[] = [];
  const errors: string[] = [];
  page.on('response', (response) => responses.push(response));
  page.on('console', (message) => {
    // The session read's 401 (nobody signed in) is the browser's own network line, not the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  await page.goto('/auth?redirectTo=%2Fholidays');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  // Hydrated over the prerendered HTML without a mismatch (React reports one as a console error).
  expect(errors).toEqual([]);
  const scripts = responses
    .filter((r) => r.request().resourceType() === 'script')
    .map((r) => new URL(r.url()).pathname);
  expect(scripts.length).toBeGreaterThan(0);
  // The app's entry (the router, the query cache, the shell's first chunk) is not among them.
  expect(scripts.filter((s) => /\/assets\/index-[^/]+\.js$/.test(s))).toEqual([]);

  await signInViaForm(page, demo.alice);
  await expect(page).toHaveURL(/\/holidays$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday Management' })).toBeVisible();
});

test('a signed-in visitor is sent on to a same-origin way back, and to / for anything else', async ({
  page,
}) => {
  await signInViaApi(page, demo.alice);
  await page.goto('/auth?redirectTo=%2Fholidays');
  await expect(page).toHaveURL(/\/holidays$/);
  await page.goto(`/auth?redirectTo=${encodeURIComponent('//evil.example/x')}`);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'HR Dashboard' })).toBeVisible();
});

test('a link to the Sign Up tab opens it, and the tabs keep the way back', async ({ page }) => {
  await page.goto('/auth?tab=sign-up&redirectTo=%2Fholidays');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Company Name')).toBeVisible();
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fholidays$/);
  await signInViaForm(page, demo.alice);
  await expect(page).toHaveURL(/\/holidays$/);
});
