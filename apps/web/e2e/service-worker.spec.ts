import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'allow' });

test('the service worker is served at /sw.js and registered', async ({ page }) => {
  const sw = await page.request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toContain('javascript');

  const version = await page.request.get('/version.json');
  expect(version.status()).toBe(200);
  expect(((await version.json()) as { version: string }).version).toMatch(/^\d+\.\d+\.\d+\+/);

  await page.goto('/auth');
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);

  // The API, e-mail verification links included, must never be answered by the worker's app shell.
  const health = await page.evaluate(async () => (await fetch('/api/health')).status);
  expect(health).toBe(200);
});

test('the OAuth popup landing page always comes from the server, with its own opener policy', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Once the worker controls the page, app paths are answered from its cached app shell...
  const shell = await page.goto('/holidays');
  expect(shell?.fromServiceWorker()).toBe(true);
  // ...but the popup's landing page is not: the cached shell's opener policy (same-origin-allow-popups)
  // would sever a popup coming back from Slack, OneDrive or Google Drive from the window that opened it.
  const callback = await page.goto('/auth/callback?code=c&state=s');
  expect(callback?.fromServiceWorker()).toBe(false);
  expect(callback?.headers()['cross-origin-opener-policy']).toBe('unsafe-none');
});
