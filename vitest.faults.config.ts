import { defineConfig } from 'vitest/config';

// `npm run test:faults`: real server processes killed and cut off from PostgreSQL. Not part of `npm test`.
export default defineConfig({
  test: {
    name: 'faults',
    include: ['apps/server/test/faults/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
