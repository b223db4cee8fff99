// After `vite build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every
// compressible file of dist/ of 1 kB or more, which the server answers by Accept-Encoding (ADR 0104).
// A copy that would not be smaller than the file is not written.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const THRESHOLD = 1024;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of [...filesUnder(dist)]) {
  // Copies left by an earlier build of the same file are replaced, never served stale.
  if (file.endsWith('.br') || file.endsWith('.gz')) continue;
  for (const suffix of ['.br', '.gz']) rmSync(file + suffix, { force: true });
  if (!COMPRESSIBLE.test(file) || statSync(file).size < THRESHOLD) continue;
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  count += 1;
  raw += bytes.length;
  brotli += Math.min(br.length, bytes.length);
}
const kb = (n) => `${Math.round(n / 102.4) / 10} kB`;
console.log(`precompressed ${count} files: ${kb(raw)} -> ${kb(brotli)} brotli (and gzip copies)`);
