/**
 * Serves the built SPA: hashed assets with long caching, auth.html (the sign-in page built apart,
 * ADR 0125) for /auth, and index.html for every other non-API path.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono/types';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './app-env.ts';
import { ENCODINGS, type Encoding, negotiateEncoding } from './compression.ts';

/** The files the web build writes next to each compressible asset (apps/web/precompress.mjs). */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The file under `distDir` a request path names, or null for anything odd (`..`, `//`, `\\`, `%`). */
function fileOf(distDir: string, requestPath: string): string | null {
  if (requestPath.includes('%') || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\|\0/.test(requestPath)) {
    return null;
  }
  const file = path.join(distDir, requestPath);
  return file.startsWith(distDir + path.sep) && isFile(file) ? file : null;
}

/**
 * A file the build precompressed is answered in the encoding the request accepts (ADR 0104): brotli,
 * else gzip, else as it is, always with `Vary: Accept-Encoding` and the length of what is sent.
 * Range requests and files without compressed copies go on to the plain static files.
 */
function precompressedFiles(distDir: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.header('Range')) return next();
    const file = fileOf(distDir, c.req.path);
    if (!file) return next();
    const available = ENCODINGS.filter((encoding) => isFile(file + SUFFIX[encoding]));
    if (available.length === 0) return next();
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), available);
    const sent = encoding ? file + SUFFIX[encoding] : file;
    let body: Buffer;
    try {
      body = await readFile(sent);
    } catch {
      return next();
    }
    const headers: Record<string, string> = {
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      'Content-Length': String(body.byteLength),
      Vary: 'Accept-Encoding',
      'Last-Modified': statSync(sent).mtime.toUTCString(),
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    // readFile gives a Buffer over a plain (not shared) ArrayBuffer.
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
  };
}

/** A chunk the build names for a route: nothing but a hashed file under /assets/. */
const CHUNK_HREF = /^\/assets\/[\w.-]+\.js$/;
/** A read the build names for a route (ADR 0130): a GET path of the API, without a query. */
const READ_HREF = /^\/api\/v1(?:\/[\w-]+)+$/;

function preloadLink(href: string): string | null {
  if (CHUNK_HREF.test(href)) return `<link rel="modulepreload" crossorigin href="${href}">`;
  // `crossorigin` (anonymous): the credentials mode of the app's fetch (same-origin), so the fetch
  // takes the preloaded answer.
  if (READ_HREF.test(href)) return `<link rel="preload" as="fetch" crossorigin href="${href}">`;
  return null;
}

/**
 * index.html with `modulepreload` links for the chunks the build lists for `pathname` in
 * route-preloads.json (apps/web/vite.config.ts, ADR 0105): the browser fetches the first screen's
 * chunks beside the entry, not after it. The API reads listed there (ADR 0130) become
 * `preload as="fetch"` links: the session is read while the JavaScript downloads. Read per request, like index.html; a missing or odd file
 * leaves the page as it is.
 */
function withRoutePreloads(html: string, distDir: string, pathname: string): string {
  let listed: unknown;
  try {
    listed = JSON.parse(readFileSync(path.join(distDir, 'route-preloads.json'), 'utf8'));
  } catch {
    return html;
  }
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (typeof listed !== 'object' || listed === null || !Object.hasOwn(listed, route)) return html;
  const hrefs = (listed as Record<string, unknown>)[route];
  if (!Array.isArray(hrefs)) return html;
  const links = hrefs
    .map((href) => (typeof href === 'string' ? preloadLink(href) : null))
    .filter((link) => link !== null)
    .join('');
  return links && html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html;
}

/** The sign-in page's path, with or without a trailing slash (not /auth/callback and the rest). */
const SIGN_IN_PATH = /^\/auth\/?$/;

export function spaRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, 'index.html');
  const authFile = path.join(distDir, 'auth.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503),
    );
  }
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/sw.js', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-cache');
  });
  app.use('*', precompressedFiles(path.resolve(distDir)));
  app.use('*', serveStatic({ root }));
  // A missing hashed asset is a 404, never the HTML page (which the browser would fail to run).
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    // The sign-in page built apart from the app, its form prerendered (ADR 0125); a build without
    // it (an older one) leaves /auth to the app, which has the same screen.
    if (SIGN_IN_PATH.test(c.req.path) && isFile(authFile)) return c.html(readFileSync(authFile, 'utf8'));
    // Read per request: a rebuild while the server runs must not leave it serving stale chunk names.
    return c.html(withRoutePreloads(readFileSync(indexFile, 'utf8'), distDir, c.req.path));
  });
  return app;
}
