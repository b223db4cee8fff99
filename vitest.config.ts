import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time even on a 2-core machine (the default would be one): most DB and
    // security files wait on the database or on spawned servers rather than on the CPU.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/test/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/vitest.setup.ts'],
          // jsdom renders are CPU-bound: 5 s is too tight when CI runs the projects side by side.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['apps/server/test/security/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // One test walks every route × role or level: it grows with the API (about 60 routes more
          // in issue 19), and took 120 s on a loaded 2-core machine.
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
