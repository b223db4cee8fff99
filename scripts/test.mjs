// npm test: lint, typecheck, unit + web + API/DB + security tests on PGlite, the DB and security tests again on PostgreSQL
// when DATABASE_URL is set, then the browser tests. Stops at nothing: runs every step, reports all.
import { bin, run } from './lib.mjs';

const steps = [
  ['lint', bin('biome'), ['check', '.']],
  ['typecheck', bin('tsc'), ['-b']],
  ['unit, web and API/DB tests (PGlite)', bin('vitest'), ['run']],
];
if (process.env.DATABASE_URL) {
  steps.push([
    'API/DB and security tests (PostgreSQL)',
    bin('vitest'),
    ['run', '--project', 'db', '--project', 'security'],
    { env: { ...process.env, TEST_DATABASE_URL: process.env.DATABASE_URL } },
  ]);
}
steps.push(['browser tests (Chromium)', 'node', ['scripts/e2e.mjs']]);

function withoutDatabaseUrl() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

const results = [];
for (const [name, command, args, options] of steps) {
  console.log(`\n=== ${name} ===`);
  // DB tests create their own databases; never let them point at the server's own DATABASE_URL.
  const env = options?.env ?? withoutDatabaseUrl();
  const code = await run(command, args, { env });
  results.push([name, code]);
}

console.log('\n=== summary ===');
for (const [name, code] of results) console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
const failed = results.filter(([, code]) => code !== 0).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
