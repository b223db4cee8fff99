// Screenshots of every route at 1280, 1100, 1024, 800 and 390 px (a desktop browser) as an
// operative, a line manager and a super admin, for a person to look at (issue 16). Not a test.
//   E2E_BASE_URL=http://localhost:3000 [SHOT_WIDTHS=1024,390] npx tsx apps/web/e2e/screenshots.ts [out-dir, default /tmp/shots]
// Start a server with the demo data first (npm start). Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { COMMON_ROUTES, SETTINGS_TABS } from './routes';

const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const out = process.argv[2] ?? '/tmp/shots';
const WIDTHS = (process.env.SHOT_WIDTHS ?? '1280,1100,1024,800,390').split(',').map(Number);
const PASSWORD = 'DemoPassw0rd!2026';
// The phone pages (/mobile-*) are left out: a desktop browser is sent away from them.
const ROUTES = [...COMMON_ROUTES.filter((r) => !r.startsWith('/mobile-')), ...SETTINGS_TABS];
const ROLES: ReadonlyArray<readonly [string, string]> = [
  ['operative', 'alice@northwind.example'],
  ['manager', 'manager@northwind.example'],
  ['superadmin', 'owner@northwind.example'],
];

function fileName(role: string, route: string, width: number): string {
  const slug = route === '/' ? 'home' : route.replace(/^\//, '').replace(/[/?=&]+/g, '_');
  return path.join(out, role, `${slug}-${width}.png`);
}

/** Settled: main shown, no "Loading..." status and no spinner left (at most 8 s). */
async function settle(page: Page): Promise<void> {
  await page
    .locator('main')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => {});
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.animate-spin') &&
        ![...document.querySelectorAll('[role="status"]')].some((el) =>
          /^Loading/.test(el.textContent ?? ''),
        ),
      undefined,
      { timeout: 8_000 },
    )
    .catch(() => {});
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const [role, email] of ROLES) {
    mkdirSync(path.join(out, role), { recursive: true });
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: PASSWORD },
    });
    if (signIn.status() !== 200) throw new Error(`sign-in of ${email}: ${signIn.status()}`);
    for (const route of ROUTES) {
      // Loaded once, then the window resized around it, as a user narrowing a window does.
      await page.setViewportSize({ width: WIDTHS[0] ?? 1280, height: 800 });
      await page.goto(route);
      await settle(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width <= 390 ? 844 : 800 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
        await page.screenshot({ path: fileName(role, route, width) });
      }
    }
    await context.close();
    console.log(`${role}: ${ROUTES.length * WIDTHS.length} screenshots in ${path.join(out, role)}`);
  }
} finally {
  await browser.close();
}
