// Small helpers shared by the npm scripts: run a command, check whether the web build is current.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Build outputs and tests are not sources of a build.
    if (entry.name === 'node_modules' || entry.name.startsWith('dist') || /\.test\.tsx?$/.test(entry.name)) {
      continue;
    }
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than any file under `sources` (folders or files). */
function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => {
    const full = path.join(root, source);
    if (!existsSync(full)) return false;
    return (statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs) > built;
  });
}

/** True when apps/web/dist is missing or older than any web or shared source file. */
export function webBuildIsStale() {
  return isStale(path.join(root, 'apps/web/dist/index.html'), ['apps/web', 'packages/shared/src']);
}

/** The compiled server (`npm run build`), run with plain node by `npm start` and the tests. */
export const serverMain = path.join(root, 'apps/server/dist/main.js');

/**
 * Node's flags for the compiled server in production (`npm start`; docs/operations.md's systemd unit
 * says the same): source maps for stack traces (ADR 0080), and a young generation of at most 2 x 16 MB
 * set explicitly (ADR 0171, which replaces ADR 0137's 2 x 4 MB: a fifth less server CPU per request).
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=16'];

/** True when apps/server/dist is missing or older than any server or shared source file. */
export function serverBuildIsStale() {
  return isStale(serverMain, [
    'apps/server/src',
    'packages/shared/src',
    'package.json',
    'scripts/build-server.mjs',
  ]);
}
