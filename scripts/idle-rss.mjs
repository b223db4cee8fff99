// npm run bench:memory: the resident memory (RSS) of the compiled server, idle, without the whole bench
// (issue 20, docs/performance.md "Memory (issue 20)"). Starts apps/server/dist/main.js as production
// runs it (plain node with serverNodeFlags, NODE_ENV=production) on a port of its own, waits for
// /api/health and a settling time, then reads /proc/<pid>/status and smaps_rollup: RSS, its peak, and
// how much of it is anonymous memory (heaps) or mapped files (node's binary, shared libraries).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hr_mem npm run bench:memory   # PostgreSQL (created if missing)
//   npm run bench:memory -- --pglite                                               # PGlite in a temporary folder
//   options: --settle=<s> (default 15: past the start-up rollover run at 5 s), --samples=<n> readings 1 s apart (default 3), --port=<n>,
//            --node-defaults (plain `node main.js`, without production's flags from scripts/lib.mjs),
//            --node-flag=<flag> (repeatable, e.g. a V8 flag),
//            --data-dir=<folder> (DATA_DIR, kept: a second run starts PGlite on its existing files;
//            default a temporary folder, removed), --build (npm run build first when stale)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root, serverMain, serverNodeFlags } from './lib.mjs';

/** The target of issue 20: the compiled server on PostgreSQL, idle. */
export const IDLE_RSS_TARGET_MB = 150;

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const pglite = args.includes('--pglite');
const settleSeconds = Number(option('settle') ?? 15);
const samples = Math.max(1, Number(option('samples') ?? 3));
const nodeFlags = args.filter((a) => a.startsWith('--node-flag=')).map((a) => a.slice('--node-flag='.length));
// Production's flags (scripts/lib.mjs), unless --node-defaults: plain `node main.js`.
if (!args.includes('--node-defaults')) nodeFlags.unshift(...serverNodeFlags);
const databaseUrl = pglite ? undefined : process.env.DATABASE_URL;
if (!pglite && !databaseUrl) {
  console.error('Set DATABASE_URL (PostgreSQL; the database is created if missing), or pass --pglite.');
  process.exit(2);
}

const mb = (kb) => Math.round(kb / 102.4) / 10;

/** Fields of /proc/<pid>/status and smaps_rollup, in kB (Linux). */
function readMemory(pid) {
  const kb = (text, field) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  let rollup = '';
  try {
    rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  } catch {
    // older kernels
  }
  return {
    rssMb: mb(kb(status, 'VmRSS')),
    peakRssMb: mb(kb(status, 'VmHWM')),
    anonymousMb: mb(kb(status, 'RssAnon')),
    fileMb: mb(kb(status, 'RssFile')),
    pssMb: rollup ? mb(kb(rollup, 'Pss')) : null,
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Creates the database of DATABASE_URL when it does not exist (through the server's `postgres` database). */
async function ensureDatabase(url) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

if (args.includes('--build'))
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
if (databaseUrl) await ensureDatabase(databaseUrl);

const port = Number(option('port') ?? (await freePort()));
const keptDataDir = option('data-dir');
const dataDir = keptDataDir ? path.resolve(keptDataDir) : mkdtempSync(path.join(os.tmpdir(), 'hr-idle-rss-'));
const env = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  AUTH_SECRET: 'idle-rss-secret-idle-rss-secret-0123456789',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const child = spawn(process.execPath, [...nodeFlags, serverMain], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => child.once('exit', resolve));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

try {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (performance.now() - started > 120_000) throw new Error('the server did not start within 120 s');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    await sleep(250);
  }
  const startMs = Math.round(performance.now() - started);
  await sleep(settleSeconds * 1000);
  const readings = [];
  for (let i = 0; i < samples; i++) {
    if (i) await sleep(1000);
    readings.push(readMemory(child.pid));
  }
  const last = readings.at(-1);
  const load = os.loadavg().map((l) => l.toFixed(2));
  const result = {
    database: databaseUrl ? 'postgres' : 'pglite',
    command: `node ${[...nodeFlags, path.relative(root, serverMain)].join(' ')}`,
    startMs,
    settleSeconds,
    rssSamplesMb: readings.map((r) => r.rssMb),
    ...last,
    loadAverage: load.join(' / '),
  };
  console.log(JSON.stringify(result, null, 2));
  const judged = databaseUrl
    ? `target under ${IDLE_RSS_TARGET_MB} MB: ${last.rssMb < IDLE_RSS_TARGET_MB ? 'met' : 'MISSED'}`
    : 'no target on PGlite';
  console.log(
    `idle RSS ${last.rssMb} MB (${result.database}; anonymous ${last.anonymousMb} MB, files ${last.fileMb} MB); ${judged}`,
  );
} finally {
  child.kill('SIGTERM');
  await exited;
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
}
