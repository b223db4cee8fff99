// After `vite build`, before precompress.mjs: renders the sign-in page's Sign In view to HTML with
// react-dom/server (src/auth-prerender.tsx, built for Node into node_modules/.cache) and writes it into
// dist/auth.html, so that /auth paints its form before any script runs; auth-entry.tsx hydrates it
// (ADR 0125). Fails the build if the marker is missing or the page renders empty.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const web = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(web, 'dist');
const outDir = path.join(web, '../../node_modules/.cache/hr-auth-prerender');
const MARKER = '<!--auth-prerender-->';

await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  mode: 'production',
  plugins: [react()],
  resolve: { alias: { '@': path.join(web, 'src') } },
  define: { __APP_VERSION__: JSON.stringify('prerender') },
  build: {
    ssr: 'src/auth-prerender.tsx',
    outDir,
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { output: { entryFileNames: 'auth-prerender.mjs', format: 'es' } },
  },
});

const { renderAuthPage } = await import(pathToFileURL(path.join(outDir, 'auth-prerender.mjs')).href);
const markup = renderAuthPage();
if (!markup.includes('aria-label="Sign in"'))
  throw new Error('prerender-auth: the Sign In form did not render');
const file = path.join(dist, 'auth.html');
const html = readFileSync(file, 'utf8');
if (!html.includes(MARKER)) throw new Error(`prerender-auth: ${MARKER} is missing from dist/auth.html`);
writeFileSync(file, html.replace(MARKER, markup));
rmSync(outDir, { recursive: true, force: true });
console.log(`prerender-auth: dist/auth.html holds the Sign In view (${markup.length} characters)`);
