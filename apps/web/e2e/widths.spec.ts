/**
 * No page is wider than the window: every route (each /holidays and /settings tab included) as an
 * operative, a line manager and a super admin, at the desktop widths, a portrait tablet and a
 * window narrowed to 390 and 320 px in a desktop browser, and the phone pages on a phone. One sign-in per role; each route is loaded once
 * and the window resized around it, which is also what a user narrowing a window does.
 */
import { expect, type Page, test } from '@playwright/test';
import { COMMON_ROUTES, SETTINGS_TABS } from './routes';
import { demo, signInViaApi } from './support';

/** Desktop and tablet widths, then a desktop window narrowed to a phone's width and below (no
 * touch, a fine pointer: the desktop layout must still fit). */
const DESKTOP_WIDTHS = [1280, 1100, 1024, 800, 390, 320] as const;
const PHONE_WIDTH = 390;

const PHONE_ROUTES = [
  '/mobile-home',
  '/mobile-holiday',
  '/mobile-absence',
  '/mobile-expense',
  '/mobile-chat',
  '/holidays?tab=overview',
  '/holidays?tab=request',
  '/holidays?tab=calendar',
  '/holidays?tab=requests',
  '/holidays?tab=approvals',
  '/holidays?tab=reports',
  '/expenses',
];

const ROLES = [
  { role: 'operative', email: demo.alice, extra: [] as string[] },
  { role: 'line manager', email: demo.manager, extra: [] as string[] },
  { role: 'super admin', email: demo.owner, extra: [...SETTINGS_TABS, '/holidays?tab=reports'] },
] as const;

/** Waits until the page has rendered its content: no loading spinner or "Loading..." status left. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main, [data-testid="auth-page"]').first()).toBeVisible();
  await expect(page.locator('[role="status"]').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The deepest elements that reach past the window's right edge, to say what overflows. */
  culprits: string[];
}

async function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= innerWidth + 0.5) continue;
      const childOver = Array.from(el.children).some(
        (c) => c.getBoundingClientRect().right > innerWidth + 0.5,
      );
      if (childOver) continue;
      const name = `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`;
      culprits.push(`${name} right=${Math.round(rect.right)} "${(el.textContent ?? '').slice(0, 30)}"`);
      if (culprits.length >= 5) break;
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits };
  });
}

async function expectFits(page: Page, label: string): Promise<void> {
  const result = await overflow(page);
  // Soft: one run lists every route and width that overflows.
  expect
    .soft(
      result.scrollWidth,
      `${label}: page is ${result.scrollWidth} px wide in a ${result.innerWidth} px window; ${result.culprits.join('; ')}`,
    )
    .toBeLessThanOrEqual(result.innerWidth);
}

test.describe('no page is wider than the window', () => {
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(480_000);

  for (const { role, email, extra } of ROLES) {
    test(`desktop browser, ${role}`, async ({ page }) => {
      await signInViaApi(page, email);
      for (const route of [...COMMON_ROUTES, ...extra]) {
        await page.setViewportSize({ width: DESKTOP_WIDTHS[0], height: 800 });
        await page.goto(route);
        await settle(page);
        for (const width of DESKTOP_WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expectFits(page, `${role} ${route} at ${width} px`);
        }
      }
    });
  }

  test.describe('phone', () => {
    test.use({ viewport: { width: PHONE_WIDTH, height: 844 }, isMobile: true, hasTouch: true });

    for (const { role, email } of ROLES) {
      test(`phone, ${role}`, async ({ page }) => {
        await signInViaApi(page, email);
        for (const route of PHONE_ROUTES) {
          await page.goto(route);
          await settle(page);
          await expectFits(page, `${role} ${route} on a ${PHONE_WIDTH} px phone`);
        }
      });
    }
  });
});
