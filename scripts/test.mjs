// npm test: lint, typecheck and the build, then two lanes side by side:
//   node lane:    unit + web + API/DB + security tests on PGlite, then (with DATABASE_URL) the API/DB
//                 and security tests again on PostgreSQL
//   browser lane: the Playwright specs in Chromium against the compiled server, then (with --faults
//                 and DATABASE_URL) the fault and pooler tests
// One lane mostly waits on the database, the other on the browser, so on a 2-core machine they
// overlap well (docs/operations.md, "Test run"). Each step's output is kept and printed whole when
// the step ends, under its name; its full log is also in .tmp/test-logs/. Stops at nothing: runs
// every step it can, lists all of them in the summary, exits non-zero if any failed.
//
// Options: --faults (the fault tests too, as .ci/run does), --serial (one step at a time, output live).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { bin, root, run } from './lib.mjs';

const serial = process.argv.includes('--serial');
const withFaults = process.argv.includes('--faults');
const databaseUrl = process.env.DATABASE_URL;
const logDir = path.join(root, '.tmp/test-logs');
mkdirSync(logDir, { recursive: true });

/** DB tests create their own databases; never let them point at the server's own DATABASE_URL. */
function withoutDatabaseUrl() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}
const onPostgres = { ...withoutDatabaseUrl(), TEST_DATABASE_URL: databaseUrl };

/** A step to run: `needs` names a step that must have passed first (else it is not run, and fails). */
const step = (name, command, args, env = withoutDatabaseUrl(), needs = undefined) => ({
  name,
  command,
  args,
  env,
  needs,
});

const first = [
  step('lint', bin('biome'), ['check', '.']),
  step('typecheck', bin('tsc'), ['-b']),
  step('build (web app and server)', process.execPath, ['scripts/build.mjs']),
];
const nodeLane = [step('unit, web and API/DB tests (PGlite)', bin('vitest'), ['run'])];
if (databaseUrl) {
  nodeLane.push(
    step(
      'API/DB and security tests (PostgreSQL)',
      bin('vitest'),
      ['run', '--project', 'db', '--project', 'security'],
      onPostgres,
    ),
  );
}
const browserLane = [
  step(
    'browser tests (Chromium)',
    process.execPath,
    ['scripts/e2e.mjs'],
    { ...withoutDatabaseUrl(), E2E_SKIP_BUILD: '1' },
    'build (web app and server)',
  ),
];
if (withFaults) {
  browserLane.push(
    databaseUrl
      ? step(
          'fault and pooler tests (PostgreSQL)',
          bin('vitest'),
          ['run', '--config', 'vitest.faults.config.ts'],
          {
            ...onPostgres,
            DATABASE_URL: databaseUrl,
          },
        )
      : step('fault and pooler tests (PostgreSQL)', 'sh', [
          '-c',
          'echo "--faults needs DATABASE_URL" >&2; exit 1',
        ]),
  );
}

const results = new Map();
const started = Date.now();
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const fileName = (name) =>
  `${name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.log`;

/** Runs one step with its output kept (printed whole at the end) or live (serial). */
async function runStep(s) {
  if (s.needs && results.get(s.needs)?.code !== 0) {
    console.log(`\n=== ${s.name}: not run (${s.needs} failed) ===`);
    results.set(s.name, { code: 1, ms: 0, skipped: true });
    return;
  }
  const t0 = Date.now();
  if (serial) {
    console.log(`\n=== ${s.name} ===`);
    const code = await run(s.command, s.args, { env: s.env });
    results.set(s.name, { code, ms: Date.now() - t0 });
    return;
  }
  console.log(`>>> started: ${s.name}`);
  const logFile = path.join(logDir, fileName(s.name));
  const log = createWriteStream(logFile);
  const chunks = [];
  const code = await new Promise((resolve) => {
    const child = spawn(s.command, s.args, {
      cwd: root,
      env: { ...s.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      chunks.push(chunk);
      log.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => {
      keep(Buffer.from(`${err.message}\n`));
      resolve(1);
    });
    // The output is complete at 'close'; a grandchild left holding the pipe must not hang the run.
    child.on('exit', (c, signal) => {
      const finish = () => resolve(c ?? (signal ? 1 : 0));
      child.once('close', finish);
      setTimeout(finish, 2000).unref();
    });
  });
  await new Promise((resolve) => log.end(resolve));
  const ms = Date.now() - t0;
  results.set(s.name, { code, ms });
  console.log(`\n=== ${s.name} (${code === 0 ? 'ok' : `exit ${code}`}, ${minutes(ms)}) ===`);
  process.stdout.write(Buffer.concat(chunks));
  console.log(`=== end of ${s.name} (log: ${path.relative(root, logFile)}) ===`);
}

const runLane = async (steps) => {
  for (const s of steps) await runStep(s);
};

if (serial) {
  await runLane([...first, ...nodeLane, ...browserLane]);
} else {
  // Still running after each minute: say what, so a quiet minute is not mistaken for a hang.
  const running = () => [...first, ...nodeLane, ...browserLane].filter((s) => !results.has(s.name));
  const heartbeat = setInterval(() => {
    console.log(
      `... ${minutes(Date.now() - started)}: waiting for ${running()
        .map((s) => s.name)
        .join('; ')}`,
    );
  }, 60_000);
  await Promise.all(first.map(runStep));
  await Promise.all([runLane(nodeLane), runLane(browserLane)]);
  clearInterval(heartbeat);
}

console.log('\n=== summary ===');
for (const { name } of [...first, ...nodeLane, ...browserLane]) {
  const { code, ms, skipped } = results.get(name) ?? { code: 1, ms: 0, skipped: true };
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}${skipped ? ' (not run)' : ` (${minutes(ms)})`}`);
}
const failed = [...results.values()].filter(({ code }) => code !== 0).length;
console.log(
  `steps: ${results.size - failed} passed, ${failed} failed, ${minutes(Date.now() - started)} in all`,
);
process.exit(failed ? 1 : 0);
