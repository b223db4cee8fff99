// npm run build: the web app (Vite, into apps/web/dist) and the server (esbuild, into apps/server/dist).
// `--if-stale` builds only what is missing or older than its sources (what `npm start` uses).
import { buildServer } from './build-server.mjs';
import { run, serverBuildIsStale, webBuildIsStale } from './lib.mjs';

const onlyIfStale = process.argv.includes('--if-stale');

if (!onlyIfStale || webBuildIsStale()) {
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build', '-w', '@hr/web']);
  if (code !== 0) process.exit(code);
}
if (!onlyIfStale || serverBuildIsStale()) {
  console.log('Building the server...');
  await buildServer();
}
