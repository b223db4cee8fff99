/**
 * The production build: `scripts/build-server.mjs` compiles the server to JavaScript, and plain node
 * runs it (no tsx, no TypeScript loader): it finds the migrations, migrates a fresh database and
 * answers /api/health with the release version.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const outFolder = `dist-test-${process.pid}`;
const outDir = path.join(repoRoot, 'apps/server', outFolder);
const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-build-'));
const rootVersion = (
  JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;

let child: ChildProcess | undefined;
let baseUrl = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(process: ChildProcess, output: () => string): Promise<Response> {
  for (;;) {
    if (process.exitCode !== null)
      throw new Error(`The compiled server exited (${process.exitCode}): ${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', `--outdir=${outFolder}`], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('runs with plain node in production, migrates and reports its version', async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      AUTH_SECRET: 'production-build-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    };
    // Started from another folder: the compiled server finds its migrations from its own location.
    child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: tmpdir(),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });

    const response = await waitForHealth(child, () => output);
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok', version: rootVersion });

    // Plain node: neither its arguments nor its environment bring in tsx or another loader.
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline).toEqual([process.execPath, path.join(outDir, 'main.js')]);
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8');
    expect(environ).not.toMatch(/tsx|--import|--loader|--experimental/);
    // The bundle itself imports no TypeScript file and no tsx.
    const bundle = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    expect(bundle).not.toMatch(/from ["'][^"']*\.ts["']|from ["']tsx/);

    // Production: no demo data was seeded, so the demo owner cannot sign in.
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: 'owner@northwind.example', password: 'DemoPassw0rd!2026' }),
    });
    expect(signIn.status).toBe(401);
    // A fresh PGlite migrated at start-up: well over the default minute on a loaded 2-core machine.
  }, 180_000);
});
