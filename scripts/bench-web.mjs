// npm run bench:web: builds the web app (with its precompressed copies), reports the brotli and gzip
// size of the first route's JavaScript (the entry and what index.html preloads) and of each lazy
// chunk, then starts the server on the demo data and, in Debian Chromium:
// - the bytes the browser really transferred per page (CDP Network.loadingFinished's
//   encodedDataLength: compressed bodies and headers; cache off, no service worker), by type, for
//   /auth, /mobile-home and /holidays (signed in), on an emulated phone;
// - Lighthouse with the mobile preset (Lighthouse's default: simulated slow 4G, 4x CPU slowdown) and
//   the desktop preset on the same pages.
// Every number is printed with its target (issue 20). Writes bench/results/web.json. Not part of
// npm test. BENCH_SKIP_BUILD=1 reuses apps/web/dist; BENCH_WEB_PAGES, BENCH_WEB_PRESETS,
// BENCH_WEB_RUNS and BENCH_WEB_LHR_DIR narrow and repeat the Lighthouse runs (see below).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root, run } from './lib.mjs';

const TARGETS = {
  firstRouteJsKb: 200,
  /** JavaScript the browser transfers for /auth (compressed), kB. */
  authJsTransferredKb: 80,
  /** Lighthouse performance, mobile preset, per page. */
  mobilePerformance: { '/auth': 95, '/mobile-home': 95, '/holidays': 90 },
  /** Largest contentful paint on /auth, mobile preset, seconds. */
  authLcpSeconds: 2.0,
  /** Lighthouse performance and accessibility, desktop preset. */
  lighthouse: 95,
};
const dist = path.join(root, 'apps/web/dist');

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const code = await run('npm', ['run', 'build', '-w', '@hr/web']);
  if (code !== 0) process.exit(code);
}

// --- bundle sizes --------------------------------------------------------------------------------
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipOf = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const brotliOf = (file) =>
  brotliCompressSync(readFileSync(path.join(dist, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const allJs = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const firstRoute = initial.map((file) => ({ file, gzipKb: kb(gzipOf(file)), brotliKb: kb(brotliOf(file)) }));
// The sign-in page built apart (auth.html, ADR 0125): its entry and what its HTML preloads.
let authHtml = '';
try {
  authHtml = readFileSync(path.join(dist, 'auth.html'), 'utf8');
} catch {}
const authInitial = [
  ...authHtml.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...authHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const authFirst = authInitial.map((file) => ({
  file,
  gzipKb: kb(gzipOf(file)),
  brotliKb: kb(brotliOf(file)),
}));
const authFirstBrotliKb = Math.round(authFirst.reduce((s, f) => s + f.brotliKb, 0) * 10) / 10;
const firstRouteKb = Math.round(firstRoute.reduce((s, f) => s + f.gzipKb, 0) * 10) / 10;
const firstRouteBrotliKb = Math.round(firstRoute.reduce((s, f) => s + f.brotliKb, 0) * 10) / 10;
const lazy = allJs
  .filter((f) => !initial.includes(f) && !authInitial.includes(f))
  .map((file) => ({ file, gzipKb: kb(gzipOf(file)), brotliKb: kb(brotliOf(file)) }))
  .sort((a, b) => b.gzipKb - a.gzipKb);
const cssKb = kb(
  readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .reduce((s, f) => s + gzipOf(`assets/${f}`), 0),
);

console.log(
  `\nFirst route JavaScript: ${firstRouteKb} kB gzip (target < ${TARGETS.firstRouteJsKb} kB), ${firstRouteBrotliKb} kB brotli`,
);
for (const f of firstRoute) console.log(`  ${f.file}  ${f.gzipKb} kB gzip, ${f.brotliKb} kB brotli`);
if (authFirst.length) {
  console.log(`Sign-in page (auth.html) JavaScript: ${authFirstBrotliKb} kB brotli`);
  for (const f of authFirst) console.log(`  ${f.file}  ${f.gzipKb} kB gzip, ${f.brotliKb} kB brotli`);
}
console.log(`CSS (gzip): ${cssKb} kB`);
console.log('Lazy chunks (gzip, brotli):');
for (const f of lazy) console.log(`  ${f.file}  ${f.gzipKb} kB, ${f.brotliKb} kB`);

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

/** Starts the server (TypeScript loader, fresh PGlite folder, demo seed) and signs in Alice. */
async function startServer() {
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
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {}
      if (i > 240) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: 'alice@northwind.example', password: 'DemoPassw0rd!2026' }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookies = signIn.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return { baseUrl, cookies, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

const ALL_PAGES = [
  { path: '/auth', signedIn: false },
  { path: '/mobile-home', signedIn: true },
  { path: '/holidays', signedIn: true },
];
// BENCH_WEB_PAGES=/mobile-home,/holidays measures only those pages; BENCH_WEB_PRESETS=mobile only
// that Lighthouse preset; BENCH_WEB_RUNS=3 runs Lighthouse three times per page and reports the run
// with the median performance score (the machine's load moves TBT by hundreds of milliseconds).
const onlyPages = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim());
const PAGES = onlyPages ? ALL_PAGES.filter((p) => onlyPages.includes(p.path)) : ALL_PAGES;
const PRESETS = process.env.BENCH_WEB_PRESETS?.split(',').map((p) => p.trim()) ?? ['mobile', 'desktop'];
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1) || 1);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/**
 * What the browser transfers for each page on a phone: a fresh context (no cache, no service worker),
 * every response's encodedDataLength (body as sent, compressed, plus headers) by resource type.
 */
async function transferredBytes(baseUrl, cookies) {
  let chromium;
  let devices;
  try {
    ({ chromium, devices } = await import('@playwright/test'));
  } catch (err) {
    return { error: `Playwright is not installed: ${err.message}` };
  }
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  try {
    const out = [];
    for (const page of PAGES) {
      const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
      if (page.signedIn) {
        await context.addCookies(
          cookies.map((c) => ({ ...c, url: baseUrl, httpOnly: true, sameSite: 'Lax' })),
        );
      }
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const requests = new Map();
      cdp.on('Network.responseReceived', (e) => {
        requests.set(e.requestId, {
          url: e.response.url,
          type: e.type,
          encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '',
        });
      });
      cdp.on('Network.loadingFinished', (e) => {
        const r = requests.get(e.requestId);
        if (r) r.bytes = e.encodedDataLength;
      });
      await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(500);
      const finished = [...requests.values()].filter((r) => typeof r.bytes === 'number');
      const byType = {};
      for (const r of finished) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
      const scripts = finished.filter((r) => r.type === 'Script');
      out.push({
        page: page.path,
        finalPath: new URL(tab.url()).pathname,
        requests: finished.length,
        totalKb: kb(finished.reduce((s, r) => s + r.bytes, 0)),
        jsKb: kb(byType.Script ?? 0),
        cssKb: kb(byType.Stylesheet ?? 0),
        htmlKb: kb(byType.Document ?? 0),
        apiKb: kb((byType.Fetch ?? 0) + (byType.XHR ?? 0)),
        uncompressedScripts: scripts.filter((r) => !r.encoding).map((r) => new URL(r.url).pathname),
      });
      await context.close();
    }
    return { pages: out };
  } catch (err) {
    return { error: `transfer measurement failed: ${err.message}` };
  } finally {
    await browser.close();
  }
}

/** Lighthouse, mobile preset (its default config) and desktop preset, on every page. */
async function lighthouseScores(baseUrl, cookies) {
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
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    const out = [];
    for (const preset of PRESETS) {
      for (const page of PAGES) {
        const runs = [];
        for (let run = 0; run < RUNS; run++) runs.push(await lighthouseRun(preset, page));
        const scored = runs.filter((r) => !r.error).sort((a, b) => a.performance - b.performance);
        const median = scored.length ? scored[Math.floor((scored.length - 1) / 2)] : runs[0];
        out.push(
          RUNS > 1
            ? {
                ...median,
                runs: runs
                  .map((r) => (r.error ? 'error' : `${r.performance}/${r.tbtMs}ms/${r.lcpS}s`))
                  .join(' '),
              }
            : median,
        );
      }
    }
    return { pages: out };
  } catch (err) {
    return { error: `Lighthouse run failed: ${err.message}` };
  } finally {
    await chrome?.kill();
  }

  async function lighthouseRun(preset, page) {
    const result = await lighthouse(
      `${baseUrl}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        extraHeaders: page.signedIn ? { Cookie: cookie } : {},
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    // BENCH_WEB_LHR_DIR=folder keeps each run's report (bootup-time, main-thread work, the LCP element).
    if (process.env.BENCH_WEB_LHR_DIR) {
      mkdirSync(process.env.BENCH_WEB_LHR_DIR, { recursive: true });
      const name = `${preset}${page.path.replaceAll('/', '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.BENCH_WEB_LHR_DIR, name), JSON.stringify(result.lhr));
    }
    const { categories: c, audits: a, runtimeError } = result.lhr;
    if (runtimeError) {
      return { preset, page: page.path, error: `${runtimeError.code}: ${runtimeError.message}` };
    }
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    const seconds = (k) => Math.round((a[k]?.numericValue ?? 0) / 10) / 100;
    return {
      preset,
      page: page.path,
      finalPath: new URL(result.lhr.finalDisplayedUrl).pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpS: seconds('first-contentful-paint'),
      lcpS: seconds('largest-contentful-paint'),
      tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
      totalByteWeightKb: kb(a['total-byte-weight']?.numericValue ?? 0),
      lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    };
  }
}

let transfer = { error: 'not run' };
let lh = { error: 'not run' };
try {
  const server = await startServer();
  try {
    transfer = await transferredBytes(server.baseUrl, server.cookies);
    lh = await lighthouseScores(server.baseUrl, server.cookies);
  } finally {
    await server.stop();
  }
} catch (err) {
  transfer = lh = { error: err.message };
}

const verdict = (ok) => (ok ? 'ok' : 'MISSED');
if (transfer.error) console.log(`\n${transfer.error}`);
else {
  console.log('\nBytes the browser transferred per page (phone, no cache, no service worker; kB):');
  console.table(transfer.pages.map(({ uncompressedScripts, ...rest }) => rest));
  const auth = transfer.pages.find((p) => p.page === '/auth');
  if (auth) {
    console.log(
      `/auth JavaScript transferred: ${auth.jsKb} kB (target < ${TARGETS.authJsTransferredKb} kB): ${verdict(auth.jsKb < TARGETS.authJsTransferredKb)}`,
    );
  }
  for (const p of transfer.pages) {
    if (p.uncompressedScripts.length)
      console.log(`  ${p.page}: scripts sent uncompressed: ${p.uncompressedScripts.join(', ')}`);
  }
}
if (lh.error) console.log(`\n${lh.error}`);
else {
  console.log('\nLighthouse (mobile preset: simulated slow 4G, 4x CPU; desktop preset), with the targets:');
  console.table(
    lh.pages.map((p) => {
      const target = p.preset === 'mobile' ? TARGETS.mobilePerformance[p.page] : TARGETS.lighthouse;
      return {
        ...p,
        performanceTarget: `>= ${target}`,
        met: p.error ? 'ERROR' : verdict(p.performance >= target),
        ...(p.preset === 'mobile' && p.page === '/auth' && !p.error
          ? { lcpTarget: `< ${TARGETS.authLcpSeconds} s`, lcpMet: verdict(p.lcpS < TARGETS.authLcpSeconds) }
          : {}),
      };
    }),
  );
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
      targets: TARGETS,
      firstRoute: {
        files: firstRoute,
        gzipKb: firstRouteKb,
        brotliKb: firstRouteBrotliKb,
        underTarget: firstRouteKb < TARGETS.firstRouteJsKb,
      },
      authPage: { files: authFirst, brotliKb: authFirstBrotliKb },
      cssGzipKb: cssKb,
      lazyChunks: lazy,
      transferred: transfer,
      lighthouse: lh,
    },
    null,
    2,
  )}\n`,
);
console.log('wrote bench/results/web.json');
