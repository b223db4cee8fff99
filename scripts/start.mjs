// npm start: build the web app and the server when their sources changed (`npm run build`), then run
// the compiled server (apps/server/dist/main.js: migrate, seed outside production, serve) with plain
// node, no TypeScript loader, and the production flags (serverNodeFlags: source maps, ADR 0137's
// young generation).
import { spawn } from 'node:child_process';
import { root, run, serverMain, serverNodeFlags } from './lib.mjs';

const built = await run(process.execPath, ['scripts/build.mjs', '--if-stale']);
if (built !== 0) process.exit(built);

// The server is this script's direct child, and a SIGTERM or SIGINT sent to this script alone (a
// process manager, kill) is passed on to it.
const server = spawn(process.execPath, [...serverNodeFlags, serverMain], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
