/**
 * The committed migrations describe the Drizzle schema exactly: drizzle-kit, run on a copy of them,
 * finds nothing to generate. A schema change (a column, an index) without its generated migration
 * fails here instead of reaching a database that lacks it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const work = mkdtempSync(path.join(tmpdir(), 'hr-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('migrations', () => {
  it('are generated from the current schema (drizzle-kit has nothing new to write)', () => {
    const out = path.join(work, 'drizzle');
    cpSync(path.join(root, 'apps/server/drizzle'), out, { recursive: true });
    const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
    const config = path.join(work, 'drizzle.config.mjs');
    // drizzle-kit wants paths relative to where it runs, and exits 0 even when it fails: both are checked.
    writeFileSync(
      config,
      `export default ${JSON.stringify({
        dialect: 'postgresql',
        schema: path.relative(work, path.join(root, 'apps/server/src/db/schema')),
        out: './drizzle',
      })};\n`,
    );
    const output = execFileSync(
      path.join(root, 'node_modules/.bin/drizzle-kit'),
      ['generate', '--config', config, '--name', 'drift'],
      { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(output).toMatch(/\d+ tables/);
    const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
    expect(after, `drizzle-kit wrote a migration: run npm run db:generate\n${output}`).toEqual(before);
  });
});
