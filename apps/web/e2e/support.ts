/** Helpers shared by the browser specs: demo logins, signing in through the API, the outbox, axe. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'DemoPassw0rd!2026';

export const demo = {
  owner: 'owner@northwind.example',
  admin: 'admin@northwind.example',
  manager: 'manager@northwind.example',
  alice: 'alice@northwind.example',
  tom: 'tom@northwind.example',
  developer: 'dev@northwind.example',
  firstLogin: 'new@northwind.example',
} as const;

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInViaApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
}

/** Signs in through the Sign In form of /auth (the page must show it). */
export async function signInViaForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

function outboxDir(): string {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set; run the specs through scripts/e2e.mjs.');
  return dir;
}

interface OutboxMail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  link?: string;
}

/** Every mail in the outbox now (the server's transport without SMTP_URL). */
export async function outboxMails(): Promise<OutboxMail[]> {
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((f) => f.endsWith('.json'))
      .map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), 'utf8')) as OutboxMail),
  );
}

/** Waits for the mail sent to `email` and returns the link in it. */
export async function verificationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outboxDir()).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.json'))) {
          const mail = JSON.parse(await readFile(path.join(outboxDir(), file), 'utf8')) as OutboxMail;
          const recipients = Array.isArray(mail.to) ? mail.to : [mail.to];
          if (recipients.some((to) => to.toLowerCase().includes(email.toLowerCase()))) {
            link = mail.link ?? mail.text.match(/https?:\/\/\S+/)?.[0];
            if (link) return true;
          }
        }
        return false;
      },
      { message: `verification mail for ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return link as string;
}

/**
 * Fails on any serious or critical axe-core violation on the page as it is now, once its running
 * animations and transitions have ended and every toast has settled: a toast caught mid-fade has the
 * contrast of a half-transparent colour, which axe reports (it failed the Slack chat window's check at
 * random).
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    () =>
      // A toast (sonner) between states: mounted but not yet shown, being removed, or its title fading
      // as another toast comes in front. Its transitions do not always show in getAnimations() in the
      // frame that starts them, so its opacities are read too (the CI run of 2026-11-28 failed on a
      // toast title mid-fade with the animation check alone).
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (toast) =>
          toast.getAttribute('data-mounted') === 'true' &&
          toast.getAttribute('data-removed') !== 'true' &&
          [toast, ...toast.children].every((el) => ['0', '1'].includes(getComputedStyle(el).opacity)),
      ) &&
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example`;
}
