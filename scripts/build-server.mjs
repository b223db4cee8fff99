// npm run build (server part): compiles the API to plain JavaScript in apps/server/dist, one bundle per
// entry point. The server's own code and the workspace package @hr/shared (TypeScript sources) are
// bundled; every other package stays an import resolved from node_modules at run time. Source maps
// keep stack traces pointing at the .ts files. See ADR 0080.
// Code splitting (ADR 0135): a module the server imports with `import()` (the email templates) goes to
// a chunk of its own beside main.js, with the packages it imports, loaded when first used; code the
// entry points share goes to a shared chunk. `--metafile` also writes esbuild's metafile (meta.json),
// which startup-imports.test.ts reads to check what main.js loads at start.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const serverDir = path.join(root, 'apps/server');

/** The entry points: the server and the operator commands (migrate, grant-developer). */
export const serverEntries = {
  main: 'src/main.ts',
  'migrate-cli': 'src/db/migrate-cli.ts',
  'grant-developer-cli': 'src/setup/grant-developer-cli.ts',
};

/** Bare imports other than the workspace's own packages stay external (node_modules at run time). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hr/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds into apps/server/<folder> (default `dist`). The folder must sit directly under apps/server:
 * src/paths.ts finds the migrations and the web build from there.
 */
export async function buildServer(folder = 'dist', { metafile = false } = {}) {
  const outdir = path.join(serverDir, folder);
  if (path.dirname(outdir) !== serverDir)
    throw new Error(`The server build must go directly under ${serverDir}.`);
  // Loaded here, not at the top: `npm start` imports this module, and with an up-to-date build it
  // must also run where dev dependencies (esbuild) were not installed (npm ci --omit=dev).
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    // Chunks sit beside main.js (their default name, [name]-[hash].js): src/paths.ts finds the
    // migrations and the web build from whichever file holds it.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
    metafile,
  });
  if (metafile) writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile, null, 1));
}

// `node scripts/build-server.mjs [--outdir=<folder under apps/server>]` (the build test uses its own folder).
if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length);
  await buildServer(folder, { metafile: process.argv.includes('--metafile') });
  console.log(`Server built into apps/server/${folder ?? 'dist'}/`);
}
