/**
 * Issue 20, on a phone (ADRs 0104, 0105): the browser receives compressed scripts, styles and HTML,
 * the sign-in page loads no zod until its form is used, and the service worker still precaches the
 * app (decoded, without the .br / .gz copies).
 */
import { expect, type Response, test } from '@playwright/test';

/** zod's error class names itself in every build of zod 4; no other chunk says it. */
const ZOD_MARK = 'ZodError';

test('the sign-in page arrives compressed and loads zod only once the form is used', async ({ page }) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('button', { name: 'Sign In' })).toBeVisible();

  const document = responses.find((r) => new URL(r.url()).pathname === '/auth');
  // Chromium offers brotli over HTTPS and to localhost, gzip elsewhere: either is compressed.
  expect(['br', 'gzip']).toContain((await document?.allHeaders())?.['content-encoding']);
  const assets = responses.filter((r) => ['script', 'stylesheet'].includes(r.request().resourceType()));
  expect(assets.length).toBeGreaterThan(3);
  for (const asset of assets) {
    const headers = await asset.allHeaders();
    const size = (await asset.body()).byteLength;
    // Files under 1 kB are not worth compressing and have no compressed copy.
    if (size < 1024) continue;
    expect(['br', 'gzip'], asset.url()).toContain(headers['content-encoding']);
    expect(headers.vary ?? '', asset.url()).toContain('Accept-Encoding');
  }
  const scriptsBefore = responses.filter((r) => r.request().resourceType() === 'script');
  for (const script of scriptsBefore) expect(await script.text(), script.url()).not.toContain(ZOD_MARK);

  // Using the form loads its validation, which still says what the shared schema says.
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByText('Invalid email address')).toBeVisible();
  await expect(form.getByText('Password is required')).toBeVisible();
  const scripts = responses.filter((r) => r.request().resourceType() === 'script');
  const texts = await Promise.all(scripts.map((s) => s.text()));
  expect(texts.some((text) => text.includes(ZOD_MARK))).toBe(true);
});

test('an API answer is compressed for the browser, and the same JSON without Accept-Encoding', async ({
  page,
  request,
}) => {
  await page.goto('/auth');
  const [compressed, plain] = await Promise.all([
    request.get('/api/openapi.json', { headers: { 'accept-encoding': 'br' } }),
    request.get('/api/openapi.json', { headers: { 'accept-encoding': 'identity' } }),
  ]);
  expect(compressed.headers()['content-encoding']).toBe('br');
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(compressed.headers().vary).toContain('Accept-Encoding');
  // Playwright decodes the brotli body: the two must be the same document.
  expect(await compressed.json()).toEqual(await plain.json());
});

test.describe('the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('precaches the app (decoded scripts, no compressed copies) from the compressed files', async ({
    page,
  }) => {
    await page.goto('/auth');
    const precache = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      for (let attempt = 0; attempt < 100; attempt++) {
        const name = (await caches.keys()).find((key) => key.includes('precache'));
        if (name) {
          const cache = await caches.open(name);
          const requests = await cache.keys();
          // The app's largest first chunk (`app`, ADR 0130; the entry itself holds only main.tsx).
          const entry = requests.find((r) => /\/assets\/app-[\w-]{8}\.js(?:\?|$)/.test(r.url));
          if (entry && requests.length > 20) {
            const cached = (await (await cache.match(entry))?.text()) ?? '';
            // What the browser decodes from the network (a query the precache does not match, so the
            // worker passes it on): the cache must hold the same text.
            const network = `${entry.url.split('?')[0]}?bypass=${Date.now()}`;
            const fetched = await (await fetch(network, { cache: 'no-store' })).text();
            return {
              count: requests.length,
              compressedCopies: requests.filter((r) => /\.(?:br|gz)(?:\?|$)/.test(r.url)).length,
              readable: cached.length > 1000 && cached === fetched,
            };
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return null;
    });
    expect(precache).not.toBeNull();
    expect(precache?.compressedCopies).toBe(0);
    expect(precache?.readable).toBe(true);
  });
});
