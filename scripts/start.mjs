// npm start: build the web app when its sources changed, then run the server (migrate, seed, serve).
import { spawn } from 'node:child_process';
import { root, run, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build', '-w', '@hr/web']);
  if (code !== 0) process.exit(code);
}
// Node itself with tsx's loader: the server is this script's direct child (no tsx wrapper in between),
// and a SIGTERM or SIGINT sent to this script alone (a process manager, kill) is passed on to it.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
