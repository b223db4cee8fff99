// npm run test:dates -- <yyyy-mm-dd> [...]: the PGlite tests (unit, web, API/DB, security) as if run
// on each of the given days, under libfaketime (Debian's `faketime`: `apt-get install -y faketime`).
// Many tests book dates relative to today; a test that passes today can fail on a day when its
// dates land on a bank holiday, a weekend or the other side of a holiday year's edge. This runs the
// suite on chosen days before CI meets them (docs/operations.md, "Tests on other days").
//
// PGlite runs inside the test process, so its clock is faked with the rest; PostgreSQL is a separate
// server whose clock is not, so the PostgreSQL lane is not run this way. Monotonic clocks stay real
// (timers and timeouts). One day at a time, in the order given; exits non-zero if any day failed.
import { execFileSync, spawnSync } from 'node:child_process';
import { bin, root } from './lib.mjs';

const days = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const extra = process.argv.slice(2).filter((a) => a.startsWith('--'));
const isDay = (d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
if (!days.length || !days.every(isDay)) {
  console.error('usage: npm run test:dates -- 2026-12-24 2027-01-04 [vitest options, e.g. --project=db]');
  process.exit(2);
}
try {
  execFileSync('faketime', ['2000-01-01 00:00:00', 'true'], { stdio: 'ignore' });
} catch {
  console.error('faketime is not installed: apt-get install -y faketime');
  process.exit(2);
}

const projects = extra.some((a) => a.startsWith('--project'))
  ? []
  : ['--project', 'unit', '--project', 'web', '--project', 'db', '--project', 'security'];
const env = { ...process.env, DONT_FAKE_MONOTONIC: '1' };
// The PostgreSQL lane's settings would send the tests to a server whose clock is not faked.
delete env.DATABASE_URL;
delete env.TEST_DATABASE_URL;

const failed = [];
for (const day of days) {
  console.log(`\n== the tests as if today were ${day}`);
  const result = spawnSync('faketime', [`${day} 09:30:00`, bin('vitest'), 'run', ...projects, ...extra], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(day);
}
console.log(failed.length ? `\nfailed on: ${failed.join(', ')}` : `\npassed on: ${days.join(', ')}`);
process.exit(failed.length ? 1 : 0);
