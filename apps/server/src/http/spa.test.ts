import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { spaRoutes } from './spa.ts';

describe('SPA serving', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'hr-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<html>v1</html>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  const app = spaRoutes(dist);

  it('falls back to index.html for client routes and serves the newest build', async () => {
    const first = await app.request('/holidays');
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('<html>v1</html>');
    writeFileSync(path.join(dist, 'index.html'), '<html>v2</html>');
    expect(await (await app.request('/settings')).text()).toBe('<html>v2</html>');
  });

  it('serves assets with long caching and answers a missing asset with 404', async () => {
    const asset = await app.request('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/assets/gone-456.js')).status).toBe(404);
  });

  it('answers a precompressed asset in the encoding the browser accepts, with Vary and the sent length', async () => {
    const source = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `row ${i}`))};`;
    const file = path.join(dist, 'assets', 'chunk-789.js');
    writeFileSync(file, source);
    writeFileSync(`${file}.br`, brotliCompressSync(source));
    writeFileSync(`${file}.gz`, gzipSync(source));
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      [undefined, null],
      ['identity', null],
    ] as const;
    for (const [accept, encoding] of cases) {
      const res = await app.request('/assets/chunk-789.js', {
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(res.status, String(accept)).toBe(200);
      expect(res.headers.get('content-encoding'), String(accept)).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
      expect(decoded.toString('utf8')).toBe(source);
    }
    const head = await app.request('/assets/chunk-789.js', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBe(brotliCompressSync(source).byteLength);
  });

  it('serves a file without compressed copies as it is, and nothing outside the build folder', async () => {
    const plain = await app.request('/assets/app-123.js', { headers: { 'accept-encoding': 'br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
    for (const probe of ['/assets/../../etc/passwd', '/assets/%2e%2e/index.html', '/assets//app-123.js']) {
      const res = await app.request(probe, { headers: { 'accept-encoding': 'br' } });
      expect(res.headers.get('content-encoding'), probe).toBeNull();
      expect(await res.text(), probe).not.toContain('root:');
    }
  });

  it('names the chunks the build lists for the requested page as modulepreload links, and only those', async () => {
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
    writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/auth': ['/assets/auth-page-1.js', '/assets/form-2.js'],
        '/holidays': ['/assets/holidays-3.js', 'https://evil.example/x.js', '/assets/"><script>.js'],
      }),
    );
    const auth = await (await app.request('/auth')).text();
    expect(auth).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/auth-page-1.js"><link rel="modulepreload" crossorigin href="/assets/form-2.js"></head><body></body></html>',
    );
    expect(await (await app.request('/auth/')).text()).toBe(auth);
    const holidays = await (await app.request('/holidays')).text();
    expect(holidays).toContain('href="/assets/holidays-3.js"');
    expect(holidays).not.toContain('evil');
    expect(holidays).not.toContain('<script>');
    for (const other of ['/settings', '/constructor', '/__proto__']) {
      expect(await (await app.request(other)).text(), other).not.toContain('modulepreload');
    }
    writeFileSync(path.join(dist, 'route-preloads.json'), '{not json');
    expect(await (await app.request('/auth')).text()).not.toContain('modulepreload');
  });

  it('names the API reads the build lists for a page as fetch preloads: GET paths of /api/v1 only (ADR 0130)', async () => {
    writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
    writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/holidays': [
          '/assets/holidays-3.js',
          '/api/v1/me',
          '/api/v1/holidays/balance',
          '/api/v1/holidays/requests?limit=5',
          '/api/auth/get-session',
          '/api/v1/../admin',
          '/api/v1/"><script>',
          '//evil.example/api/v1/me',
        ],
      }),
    );
    const holidays = await (await app.request('/holidays')).text();
    expect(holidays).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/holidays-3.js"><link rel="preload" as="fetch" crossorigin href="/api/v1/me"><link rel="preload" as="fetch" crossorigin href="/api/v1/holidays/balance"></head><body></body></html>',
    );
    expect(await (await app.request('/auth')).text()).not.toContain('modulepreload');
  });
});

describe('the sign-in page built apart (ADR 0125)', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'hr-dist-auth-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>app</body></html>');
  writeFileSync(path.join(dist, 'auth.html'), '<html><head></head><body>sign-in v1</body></html>');
  writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify({ '/auth': ['/assets/app-1.js'] }));
  const app = spaRoutes(dist);

  it('answers /auth (and /auth/) with auth.html, read per request, never cached', async () => {
    for (const page of ['/auth', '/auth/', '/auth?redirectTo=%2Fholidays&tab=sign-up']) {
      const res = await app.request(page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type'), page).toContain('text/html');
      expect(res.headers.get('cache-control'), page).toBe('no-cache');
      // auth.html names its own chunks: no route preloads are added to it.
      expect(await res.text(), page).toBe('<html><head></head><body>sign-in v1</body></html>');
    }
    writeFileSync(path.join(dist, 'auth.html'), '<html><head></head><body>sign-in v2</body></html>');
    expect(await (await app.request('/auth')).text()).toContain('sign-in v2');
  });

  it('answers every other page with the app, the other /auth pages included', async () => {
    for (const page of [
      '/',
      '/holidays',
      '/auth/callback',
      '/auth/reset-password',
      '/auth/accept-invitation',
      '/authx',
      '/mobile-home',
    ]) {
      expect(await (await app.request(page)).text(), page).toContain('app');
      expect(await (await app.request(page)).text(), page).not.toContain('sign-in');
    }
  });

  it('leaves /auth to the app when the build has no auth.html', async () => {
    const old = mkdtempSync(path.join(tmpdir(), 'hr-dist-old-'));
    writeFileSync(path.join(old, 'index.html'), '<html><head></head><body>app</body></html>');
    expect(await (await spaRoutes(old).request('/auth')).text()).toContain('app');
  });
});
