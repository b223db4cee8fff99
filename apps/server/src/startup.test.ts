/**
 * Start-up failures an operator can fix are one line on stderr, no stack trace, and exit code 1:
 * each case spawns the real server entry point with one thing wrong.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_SECRET_MISSING } from './env.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'startup-secret-startup-secret-0123456789';
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

async function startServer(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error', NODE_ENV: 'development', ...env };
  for (const key of [
    'DATABASE_URL',
    'DATABASE_LISTEN_URL',
    'TEST_DATABASE_URL',
    'AUTH_SECRET',
    'SEED_DEMO',
  ]) {
    if (!(key in env)) delete childEnv[key];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, lines: stderr.trim().split('\n') };
}

function dataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'hr-startup-'));
}

/** A TCP server on a free port, closed after the test. */
async function listenOn(handler: (socket: net.Socket) => void = () => {}): Promise<number> {
  const server = net.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as net.AddressInfo).port;
}

/** Answers every PostgreSQL start-up message as a server without that database does (SQLSTATE 3D000). */
function noSuchDatabase(socket: net.Socket) {
  socket.once('data', () => {
    const fields = Buffer.from('SFATAL\0VFATAL\0C3D000\0Mdatabase "hr_missing" does not exist\0\0');
    const header = Buffer.alloc(5);
    header.write('E', 0);
    header.writeInt32BE(fields.length + 4, 1);
    socket.end(Buffer.concat([header, fields]));
  });
}

function expectOneLine(run: { code: number | null; lines: string[] }, line: string | RegExp) {
  expect(run.code).toBe(1);
  expect(run.lines).toHaveLength(1);
  expect(run.lines[0]).toMatch(line);
  expect(run.lines[0]).not.toMatch(/\bat .*:\d+:\d+/);
}

describe('start-up failures are one clear line and exit 1', () => {
  it('production without AUTH_SECRET says how to generate one', async () => {
    const run = await startServer({ NODE_ENV: 'production', DATA_DIR: dataDir(), PORT: '0' });
    expectOneLine(run, AUTH_SECRET_MISSING);
    expect(AUTH_SECRET_MISSING).toContain('openssl rand -base64 32');
  });

  it('a DATABASE_URL whose database does not exist says createdb', async () => {
    const port = await listenOn(noSuchDatabase);
    const run = await startServer({
      DATABASE_URL: `postgres://hr@127.0.0.1:${port}/hr_missing`,
      AUTH_SECRET: SECRET,
      DATA_DIR: dataDir(),
      PORT: '0',
    });
    expectOneLine(
      run,
      `Refusing to start: the database "hr_missing" does not exist on 127.0.0.1:${port}; create it with: createdb -h 127.0.0.1 -p ${port} -U hr hr_missing (or correct DATABASE_URL).`,
    );
  });

  it('a DATABASE_URL whose server is down says so', async () => {
    const run = await startServer({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/hr',
      AUTH_SECRET: SECRET,
      DATA_DIR: dataDir(),
      PORT: '0',
    });
    expectOneLine(
      run,
      'Refusing to start: cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED); start the database server or correct DATABASE_URL.',
    );
  });

  it('a DATABASE_LISTEN_URL whose server is down is named before anything is migrated', async () => {
    const run = await startServer({
      // Never contacted: the listener's connection is checked first.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/hr',
      DATABASE_LISTEN_URL: 'postgres://postgres@127.0.0.1:2/hr',
      AUTH_SECRET: SECRET,
      DATA_DIR: dataDir(),
      PORT: '0',
    });
    expectOneLine(
      run,
      'Refusing to start: cannot reach PostgreSQL at 127.0.0.1:2 (ECONNREFUSED); start the database server or correct DATABASE_LISTEN_URL.',
    );
  });

  it('an unwritable DATA_DIR is named', async () => {
    const file = path.join(dataDir(), 'not-a-folder');
    writeFileSync(file, '');
    const run = await startServer({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
    expectOneLine(
      run,
      `Refusing to start: DATA_DIR ${path.join(file, 'data')} is not a writable folder (ENOTDIR); fix its permissions or set DATA_DIR to one the server can write.`,
    );
  });

  it('a port in use is refused before the database is opened, migrated or seeded', async () => {
    const port = await listenOn();
    const dir = dataDir();
    const run = await startServer({ DATA_DIR: dir, PORT: String(port) });
    expectOneLine(
      run,
      `Refusing to start: port ${port} is already in use (is another Northwind HR process running?).`,
    );
    expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
  });

  it('an invalid variable is named with the problem', async () => {
    const run = await startServer({ DATA_DIR: dataDir(), PORT: 'eighty', PUBLIC_URL: 'not a url' });
    expectOneLine(run, /^Refusing to start: invalid environment: PORT: .+; PUBLIC_URL: .+$/);
  });
});
