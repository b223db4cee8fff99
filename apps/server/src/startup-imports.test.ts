/**
 * What the compiled server loads at start (issue 20, ADR 0135). The packages below are heavy and only
 * some requests need them, so the server imports them with `import()` when first used. This builds the
 * server as `npm run build` does (with esbuild's metafile) and follows main.js's static imports, through
 * the chunks they name, to every package they load at start: none of these may be among them. Each
 * must still be reached through a dynamic import, so a renamed package or a dropped `import()` fails
 * here instead of passing unnoticed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const outFolder = `dist-startup-${process.pid}`;
const outDir = path.join(repoRoot, 'apps/server', outFolder);

/** Loaded on first use: what for, and where (ADR 0135). */
const LAZY_PACKAGES: Record<string, string> = {
  '@electric-sql/pglite': 'PGlite (db/client.ts), when there is no DATABASE_URL',
  '@electric-sql/pglite/contrib/pg_trgm': 'PGlite (db/client.ts)',
  'drizzle-orm/pglite': 'PGlite (db/client.ts)',
  'drizzle-orm/pglite/migrator': 'PGlite (db/migrate.ts)',
  '@react-email/components': 'the email templates (email.service.ts)',
  '@react-email/render': 'the email templates (email.service.ts)',
  'react/jsx-runtime': 'the email templates (email.service.ts)',
  '@slack/web-api': 'the first Slack call (slack-client.ts)',
  '@aws-sdk/client-s3': 'the first S3 call (s3-storage.ts)',
  nodemailer: 'the first mail over SMTP (mailer.ts)',
  'ical-generator': 'the first calendar feed (calendar-feeds.service.ts)',
};

interface MetaImport {
  path: string;
  kind: string;
  external?: boolean;
}
interface Metafile {
  outputs: Record<string, { imports: MetaImport[]; entryPoint?: string }>;
}

let meta: Metafile;

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', `--outdir=${outFolder}`, '--metafile'], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
  meta = JSON.parse(readFileSync(path.join(outDir, 'meta.json'), 'utf8')) as Metafile;
}, 120_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

/**
 * The packages main.js loads at start (its static imports and those of the chunks it imports
 * statically) and the ones it can reach only through a dynamic import.
 */
function packagesOf(entry: string): { atStart: Set<string>; later: Set<string> } {
  const atStart = new Set<string>();
  const later = new Set<string>();
  const visited = new Set<string>();
  const walk = (output: string, lazily: boolean) => {
    const key = `${lazily}:${output}`;
    if (visited.has(key)) return;
    visited.add(key);
    const file = meta.outputs[output];
    if (!file) throw new Error(`no output ${output} in the metafile`);
    for (const imported of file.imports) {
      const dynamic = lazily || imported.kind === 'dynamic-import';
      if (imported.external) (dynamic ? later : atStart).add(imported.path);
      else walk(imported.path, dynamic);
    }
  };
  walk(entry, false);
  return { atStart, later };
}

describe('the compiled server at start', () => {
  it('does not import the packages only some requests need; they are imported when first used', () => {
    const main = `${outFolder}/main.js`;
    expect(meta.outputs[main]?.entryPoint).toBe('src/main.ts');
    const { atStart, later } = packagesOf(main);
    // The walk sees the packages the server does load at start.
    expect(atStart).toContain('pg');
    expect(atStart).toContain('better-auth/minimal');
    for (const [name, why] of Object.entries(LAZY_PACKAGES)) {
      expect(atStart.has(name), `${name} is imported at start; it should wait for ${why}`).toBe(false);
      expect(later.has(name), `${name} is no longer imported on first use (${why})`).toBe(true);
    }
    // Better Auth's full entry brings Kysely and its adapters, which a drizzle adapter never uses.
    expect(atStart.has('better-auth'), 'import betterAuth from better-auth/minimal').toBe(false);
    expect(later.has('better-auth'), 'import betterAuth from better-auth/minimal').toBe(false);
  });
});
