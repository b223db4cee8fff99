/**
 * Global set-up of the fault tests: the server compiled once (scripts/build-server.mjs, into
 * apps/server/dist-faults) so that every server a test starts and kills is the production build,
 * run with plain node, and none of them spends its start-up compiling TypeScript.
 */
import { execFileSync } from 'node:child_process';
import { repoRoot } from './support.ts';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir=dist-faults'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
