import { defineConfig } from 'vitest/config';

// `npm run test:faults` (and `npm test -- --faults`): real server processes, compiled once by the global
// set-up, killed, cut off from PostgreSQL, behind HAProxy and PgBouncer.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['apps/server/test/faults/**/*.test.ts'],
    globalSetup: ['apps/server/test/faults/build-server.global.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
