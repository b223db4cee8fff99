/**
 * Browser tests in Debian's Chromium (no downloaded browsers). scripts/e2e.mjs starts the server
 * and sets E2E_BASE_URL and E2E_OUTBOX_DIR; run it rather than this config directly.
 */
import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI only: a test that needs it is reported as flaky in the output, not hidden.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report' }]]
    : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1280, height: 800 },
    // The service worker is tested on its own; elsewhere it would only add caching to reason about.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
