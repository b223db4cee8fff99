// npm run bench:web: builds the web app, reports the gzip size of the first route's JavaScript (the
// entry and what index.html preloads) and of each lazy chunk, then runs Lighthouse (desktop preset,
// Debian Chromium) on the sign-in page and on the dashboard of a signed-in demo user.
// Writes bench/results/web.json. Not part of npm test.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, run } from './lib.mjs';

const TARGETS = { firstRouteJsKb: 200, lighthouse: 95 };
const dist = path.join(root, 'apps/web/dist');

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const code = await run('npm', ['run', 'build', '-w', '@hr/web']);
  if (code !== 0) process.exit(code);
}

// --- bundle sizes --------------------------------------------------------------------------------
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipOf = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const allJs = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const firstRoute = initial.map((file) => ({ file, gzipKb: kb(gzipOf(file)) }));
const firstRouteKb = Math.round(firstRoute.reduce((s, f) => s + f.gzipKb, 0) * 10) / 10;
const lazy = allJs
  .filter((f) => !initial.includes(f))
  .map((file) => ({ file, gzipKb: kb(gzipOf(file)) }))
  .sort((a, b) => b.gzipKb - a.gzipKb);
const cssKb = kb(
  readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .reduce((s, f) => s + gzipOf(`assets/${f}`), 0),
);

console.log(`\nFirst route JavaScript (gzip): ${firstRouteKb} kB (target < ${TARGETS.firstRouteJsKb} kB)`);
for (const f of firstRoute) console.log(`  ${f.file}  ${f.gzipKb} kB`);
console.log(`CSS (gzip): ${cssKb} kB`);
console.log('Lazy chunks (gzip):');
for (const f of lazy) console.log(`  ${f.file}  ${f.gzipKb} kB`);

// --- Lighthouse ----------------------------------------------------------------------------------
function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function lighthouseScores() {
  let lighthouse;
  let desktopConfig;
  let chromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch (err) {
    return { error: `Lighthouse is not installed (npm install -D lighthouse): ${err.message}` };
  }
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {}
      if (i > 120) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: 'alice@northwind.example', password: 'DemoPassw0rd!2026' }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const pages = [
      { name: 'sign-in page (/auth)', url: `${baseUrl}/auth`, headers: {} },
      { name: 'dashboard, signed in (/)', url: `${baseUrl}/`, headers: { Cookie: cookie } },
    ];
    const out = [];
    for (const page of pages) {
      const result = await lighthouse(
        page.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: page.headers,
        },
        desktopConfig,
      );
      const c = result.lhr.categories;
      const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
      out.push({
        page: page.name,
        finalUrl: result.lhr.finalDisplayedUrl,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
      });
    }
    return { pages: out };
  } catch (err) {
    return { error: `Lighthouse run failed: ${err.message}` };
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lh = await lighthouseScores();
if (lh.error) console.log(`\n${lh.error}`);
else {
  console.log(
    `\nLighthouse (desktop preset; target >= ${TARGETS.lighthouse} for performance and accessibility):`,
  );
  console.table(lh.pages);
}

const load = os.loadavg().map((l) => Math.round(l * 100) / 100);
const results = path.join(root, 'bench/results');
mkdirSync(results, { recursive: true });
writeFileSync(
  path.join(results, 'web.json'),
  `${JSON.stringify(
    {
      takenAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadAverage: load },
      firstRoute: {
        files: firstRoute,
        gzipKb: firstRouteKb,
        underTarget: firstRouteKb < TARGETS.firstRouteJsKb,
      },
      cssGzipKb: cssKb,
      lazyChunks: lazy,
      lighthouse: lh,
    },
    null,
    2,
  )}\n`,
);
console.log('wrote bench/results/web.json');
