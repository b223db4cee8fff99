// npm start: build the web app when its sources changed, then run the server (migrate, seed, serve).
import { bin, root, run, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app...');
  const code = await run('npm', ['run', 'build', '-w', '@hr/web']);
  if (code !== 0) process.exit(code);
}
const code = await run(bin('tsx'), ['apps/server/src/main.ts'], { cwd: root });
process.exit(code);
