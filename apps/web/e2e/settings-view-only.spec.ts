/**
 * A super admin whose level on a settings section is View sees that tab's controls disabled and no
 * Save (the server refuses the save anyway). Southbank's Sam is made a super admin with View on
 * every settings section for the test, and put back afterwards.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInViaApi } from './support';

const OWNER = 'owner@southbank.example';
const SAM = 'sam@southbank.example';
const VIEW_SECTIONS = ['settings', 'user-management', 'company-settings', 'slack-integration'] as const;

interface UsersAnswer {
  users: Array<{ id: string; email: string }>;
}

async function samId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/settings/users');
  expect(res.status()).toBe(200);
  const sam = ((await res.json()) as UsersAnswer).users.find((u) => u.email === SAM);
  expect(sam, 'Sam in Southbank').toBeDefined();
  return sam?.id as string;
}

async function setSam(page: Page, role: 'super_admin' | 'operative', level: 'view' | 'full'): Promise<void> {
  const id = await samId(page);
  if (role === 'super_admin') {
    expect((await page.request.put(`/api/v1/settings/users/${id}/role`, { data: { role } })).status()).toBe(
      200,
    );
  }
  const changes = VIEW_SECTIONS.map((sectionId) => ({ userId: id, sectionId, accessLevel: level }));
  expect((await page.request.put('/api/v1/settings/permissions', { data: { changes } })).status()).toBe(200);
  if (role === 'operative') {
    expect((await page.request.put(`/api/v1/settings/users/${id}/role`, { data: { role } })).status()).toBe(
      200,
    );
  }
}

test.describe('settings at View level', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signInViaApi(page, OWNER);
    await setSam(page, 'super_admin', 'view');
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signInViaApi(page, OWNER);
    await setSam(page, 'operative', 'full');
    await page.close();
  });

  test('every tab shows its data with the controls disabled and no Save', async ({ page }) => {
    await signInViaApi(page, SAM);

    await page.goto('/settings?tab=permissions');
    const grid = page.getByRole('table', { name: 'User permissions' });
    await expect(grid).toBeVisible({ timeout: 30_000 });
    const levels = grid.getByRole('combobox');
    expect(await levels.count()).toBeGreaterThan(0);
    for (const select of await levels.all()) await expect(select).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);

    await page.goto('/settings?tab=users');
    await expect(page.getByRole('heading', { name: 'Active Users' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Create New User' })).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: /^(Remove|Reset password of|Delete record for) / }),
    ).toHaveCount(0);
    for (const select of await page.getByRole('combobox', { name: /^Role of / }).all()) {
      await expect(select).toBeDisabled();
    }

    await page.goto('/settings?tab=company');
    const hours = page.getByLabel('Full-time hours per day');
    await expect(hours).toBeVisible({ timeout: 30_000 });
    await expect(hours).toBeDisabled();
    await expect(page.getByLabel('Holiday year start month')).toBeDisabled();
    for (const box of await page.getByRole('checkbox').all()) await expect(box).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);

    await page.goto('/settings?tab=cloud-storage');
    const enabled = page.getByRole('switch', { name: 'Enable Cloud Storage' });
    await expect(enabled).toBeVisible({ timeout: 30_000 });
    await expect(enabled).toBeDisabled();
    await expect(page.getByRole('button', { name: /^(Connect|Reconnect) / })).toHaveCount(0);

    await page.goto('/settings?tab=slack-integration');
    await expect(page.getByTestId('slack-status')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^(Connect|Reconnect|Disconnect Slack)$/ })).toHaveCount(0);

    // The server refuses the save the page no longer offers.
    const refused = await page.request.put('/api/v1/settings/permissions', {
      data: { changes: [{ userId: await samId(page), sectionId: 'settings', accessLevel: 'full' }] },
    });
    expect(refused.status()).toBe(403);
  });

  test('the owner at Full still sees Save controls (the rule is the level, not the page)', async ({
    page,
  }) => {
    await signInViaApi(page, OWNER);
    await page.goto('/settings?tab=company');
    await expect(page.getByLabel('Full-time hours per day')).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  });
});
