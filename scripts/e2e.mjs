// npm run test:e2e: build the web app and the server (npm run build), start the compiled server on a fresh data directory and a free
// port, wait for /api/health, run the Playwright specs in Debian Chromium, stop the server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, root, run, serverMain } from './lib.mjs';

const HEALTH_TIMEOUT_MS = 120_000;

function commandExists(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH, else /usr/bin/chromium; installs Debian's chromium when root with apt-get. */
async function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(candidate)) return candidate;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && commandExists('apt-get')) {
    console.log('Chromium not found; installing Debian chromium with apt-get...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update'], { env })) === 0) {
      await run('apt-get', ['install', '-y', 'chromium'], { env });
    }
    if (existsSync(candidate)) return candidate;
  }
  console.error(
    `Chromium not found at ${candidate}: install it with "sudo apt-get install -y chromium" or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early with code ${server.exitCode}.`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `The server did not answer ${baseUrl}/api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s.`,
  );
}

function stopServer(server) {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

const chromium = await findChromium();

if (process.env.E2E_SKIP_BUILD !== '1') {
  const code = await run(process.execPath, ['scripts/build.mjs']);
  if (code !== 0) process.exit(code);
}

/** The fake Slack, Microsoft and Google servers run beside the app; their URLs go into its env. */
function startFakes() {
  const child = spawn(bin('tsx'), ['apps/server/test/fakes/run-fakes.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.once('exit', (code) => reject(new Error(`The fake services exited early with code ${code}.`)));
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('FAKES '));
      if (line) resolve({ child, env: JSON.parse(line.slice('FAKES '.length)) });
    });
  });
}

const fakes = await startFakes();
const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-e2e-'));
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const serverEnv = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  PUBLIC_URL: baseUrl,
  LOG_LEVEL: 'warn',
  // The sister CRM app: nothing listens there; phone.spec.ts answers it with page routing.
  CRM_APP_URL: process.env.E2E_CRM_APP_URL ?? 'http://crm.e2e.invalid/',
  ...fakes.env,
};
// Mail must land in DATA_DIR/outbox, and the database is PGlite unless E2E_DATABASE_URL says otherwise.
delete serverEnv.SMTP_URL;
delete serverEnv.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;

console.log(`Starting the server on ${baseUrl} (DATA_DIR=${dataDir})`);
// The compiled server, as in production: plain node, so the stop signals reach the server itself.
const server = spawn(process.execPath, ['--enable-source-maps', serverMain], {
  cwd: root,
  env: serverEnv,
  stdio: 'inherit',
});

let exitCode = 1;
const cleanUp = async () => {
  await stopServer(server);
  await stopServer(fakes.child);
  if (process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.once('SIGTERM', () => void cleanUp().then(() => process.exit(143)));

try {
  await waitForHealth(baseUrl, server);
  exitCode = await run(
    bin('playwright'),
    ['test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
    {
      env: {
        ...process.env,
        CHROMIUM_PATH: chromium,
        E2E_BASE_URL: baseUrl,
        E2E_OUTBOX_DIR: path.join(dataDir, 'outbox'),
        E2E_FAKE_SLACK_URL: fakes.env.E2E_FAKE_SLACK_URL,
        E2E_CRM_APP_URL: serverEnv.CRM_APP_URL,
      },
    },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
