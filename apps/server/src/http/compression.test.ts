import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { httpClient, useTestApp } from '../../test/test-context.ts';
import type { AppEnv } from './app-env.ts';
import { COMPRESSION_THRESHOLD, compressResponses, negotiateEncoding } from './compression.ts';

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const decode = (encoding: string | null, body: Uint8Array) =>
  new Uint8Array(
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body,
  );

describe('negotiating the encoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['br;q=2', null],
    ['br;q=abc, gzip', 'gzip'],
    ['deflate', null],
    [' , ;, br ;q=1.000', 'br'],
  ])('Accept-Encoding %j answers %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('offers only what is available', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBeNull();
  });

  it('reads a huge header without trouble', () => {
    expect(negotiateEncoding(`${'x,'.repeat(50_000)}br`)).toBeNull();
    expect(negotiateEncoding(`br,${'\0'.repeat(10_000)}`)).toBe('br');
  });
});

describe('the compression middleware on its own', () => {
  const big = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `row ${i}` })) });
  const app = new Hono<AppEnv>();
  app.use('*', compressResponses());
  app.get('/json', (c) => c.json(JSON.parse(big)));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/tagged', (c) => c.body(big, 200, { 'content-type': 'application/json', ETag: '"v1"' }));
  app.get('/no-transform', (c) =>
    c.body(big, 200, { 'content-type': 'application/json', 'cache-control': 'no-transform' }),
  );
  app.get('/download', (c) =>
    c.body(big, 200, { 'content-type': 'application/json', 'content-disposition': 'attachment' }),
  );
  app.get('/feed', (c) =>
    c.body(big, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="calendar.ics"',
    }),
  );
  app.get('/csv', (c) =>
    c.body(big, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="report.csv"',
    }),
  );
  app.get('/stored-file', (c) =>
    c.body(new Uint8Array(4096), 200, {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="scan.bin"',
    }),
  );
  app.get('/encoded', (c) =>
    c.body(big, 200, { 'content-type': 'application/json', 'content-encoding': 'identity' }),
  );
  app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/png' }));
  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: 'ready', data: big });
    }),
  );

  it('compresses JSON over the threshold, with the right length, Vary and a weakened ETag', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.request('/json', { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      const body = await bytesOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      expect(new TextDecoder().decode(decode(encoding, body))).toBe(big);
    }
    const tagged = await app.request('/tagged', { headers: { 'accept-encoding': 'br' } });
    expect(tagged.headers.get('etag')).toBe('W/"v1"');
    const identity = await app.request('/tagged');
    expect(identity.headers.get('etag')).toBe('"v1"');
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(big);
  });

  it('compresses calendar feeds and CSV downloads, keeping their Content-Disposition (ADR 0136)', async () => {
    for (const path of ['/feed', '/csv']) {
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await app.request(path, { headers: { 'accept-encoding': encoding } });
        expect(res.headers.get('content-encoding'), path).toBe(encoding);
        expect(res.headers.get('vary'), path).toBe('Accept-Encoding');
        expect(res.headers.get('content-disposition'), path).not.toBeNull();
        const body = await bytesOf(res);
        expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
        expect(new TextDecoder().decode(decode(encoding, body))).toBe(big);
      }
      const identity = await app.request(path);
      expect(identity.headers.get('content-encoding'), path).toBeNull();
      expect(identity.headers.get('vary'), path).toBe('Accept-Encoding');
      expect(await identity.text()).toBe(big);
    }
  });

  it('leaves small answers, images, other downloads, no-transform and encoded answers as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const small = await app.request('/small', { headers });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(COMPRESSION_THRESHOLD);
    for (const path of ['/image', '/download', '/stored-file', '/no-transform']) {
      const res = await app.request(path, { headers });
      expect(res.headers.get('content-encoding'), path).toBeNull();
    }
    const encoded = await app.request('/encoded', { headers });
    expect(encoded.headers.get('content-encoding')).toBe('identity');
    expect(await encoded.text()).toBe(big);
  });

  it('sends an answer as it is without reading its body (no full Response built for it)', async () => {
    const reads: string[] = [];
    const probe = new Hono<AppEnv>();
    probe.use('*', compressResponses());
    probe.get('/json', (c) => {
      const res = c.body(big, 200, { 'content-type': 'application/json' });
      // @hono/node-server's lightweight Response builds a full one (and a body stream) on `body`.
      const body = Object.getOwnPropertyDescriptor(Response.prototype, 'body')?.get;
      Object.defineProperty(res, 'body', {
        get() {
          reads.push(c.req.header('accept-encoding') ?? 'identity');
          return body?.call(this);
        },
      });
      return res;
    });
    const identity = await probe.request('/json');
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(reads).toEqual([]);
    expect(await identity.text()).toBe(big);
    const compressed = await probe.request('/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(reads).toEqual(['gzip']);
    expect(new TextDecoder().decode(decode('gzip', await bytesOf(compressed)))).toBe(big);
  });

  it('never compresses the event stream', async () => {
    const res = await app.request('/events', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const text = await res.text();
    expect(text).toContain('event: ready');
    expect(text).toContain(big);
  });
});

describe('compression in the app', () => {
  const ctx = useTestApp();

  it('answers the OpenAPI document in brotli, gzip or identity, the same bytes each way, security headers kept', async () => {
    const identity = await ctx.app.app.request('/api/openapi.json');
    expect(identity.status).toBe(200);
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toContain('Accept-Encoding');
    const plain = await bytesOf(identity);
    expect(plain.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await ctx.app.app.request('/api/openapi.json', {
        headers: { 'accept-encoding': 'gzip, deflate, br'.replace(encoding === 'gzip' ? ', br' : '', '') },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      const body = await bytesOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(plain.byteLength);
      expect(decode(encoding, body)).toEqual(plain);
    }
  });

  it('negotiates read-cache hits per request: a brotli hit, an identity hit and a gzip hit hold the same JSON', async () => {
    const owner = httpClient(ctx.app.app);
    await owner.signIn('owner@northwind.example');
    const url = '/api/v1/employees?limit=50';
    const fresh = await owner.get(url, { 'cache-control': 'no-cache' });
    expect(fresh.status).toBe(200);
    const expected = await bytesOf(fresh);
    expect(expected.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD);
    // The first read fills the cache; the next ones are hits.
    for (const encoding of ['br', 'br', null, 'gzip', 'gzip', null] as const) {
      const res = await owner.get(url, encoding ? { 'accept-encoding': encoding } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await bytesOf(res);
      // Identity answers go out untouched: the HTTP server adds their length.
      if (encoding) expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      expect(decode(encoding, body)).toEqual(expected);
    }
  });

  /**
   * `fetchAs` with no encoding sends no Accept-Encoding. Each answer must decode to the identity
   * answer's bytes (the CSV's byte-order mark and CRLF line ends included).
   */
  async function expectSameBytesEachWay(
    fetchAs: (acceptEncoding: string | null) => Response | Promise<Response>,
    type: string,
  ): Promise<Uint8Array> {
    const identity = await fetchAs(null);
    expect(identity.status).toBe(200);
    expect(identity.headers.get('content-type')).toBe(type);
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toContain('Accept-Encoding');
    const plain = await bytesOf(identity);
    expect(plain.byteLength).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await fetchAs(encoding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip, deflate');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('content-disposition')).toBe(identity.headers.get('content-disposition'));
      expect(res.headers.get('cache-control')).toBe(identity.headers.get('cache-control'));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body = await bytesOf(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(plain.byteLength);
      expect(decode(encoding, body)).toEqual(plain);
    }
    return plain;
  }

  it('answers a calendar feed brotli- or gzip-encoded by Accept-Encoding, the same bytes each way (ADR 0136)', async () => {
    const owner = httpClient(ctx.app.app);
    await owner.signIn('owner@northwind.example');
    const created = await owner.post('/api/v1/calendar-feeds', {
      scope: 'company',
      includeBankHolidays: true,
    });
    expect(created.status).toBe(201);
    const { url } = (await created.json()) as { url: string };
    // Fetched as a calendar app does: no session, the secret URL alone.
    const path = new URL(url).pathname;
    const plain = await expectSameBytesEachWay(
      (encoding) => ctx.app.app.request(path, encoding ? { headers: { 'accept-encoding': encoding } } : {}),
      'text/calendar; charset=utf-8',
    );
    expect(new TextDecoder().decode(plain)).toMatch(/^BEGIN:VCALENDAR\r\n/);
  });

  it('answers the CSV downloads (reports, audit export) compressed the same way (ADR 0136)', async () => {
    const owner = httpClient(ctx.app.app);
    await owner.signIn('owner@northwind.example');
    // The demo company is small: a few more employees put the balances report and the audit trail
    // (one "employee created" event each) over the threshold.
    for (let i = 1; i <= 12; i++) {
      const created = await owner.post('/api/v1/employees', {
        fullName: `Compression Person ${i}`,
        email: `compression.${i}@northwind.example`,
        position: 'Fitter',
        employeeNumber: `CMP-${i}`,
        startDate: '2024-02-01',
      });
      expect(created.status, await created.clone().text()).toBe(201);
    }
    for (const url of ['/api/v1/reports/balances.csv', '/api/v1/settings/audit-events/export']) {
      const plain = await expectSameBytesEachWay(
        (encoding) => owner.get(url, encoding ? { 'accept-encoding': encoding } : {}),
        'text/csv; charset=utf-8',
      );
      // The byte-order mark survives the round trip (Excel reads accents by it).
      expect([...plain.slice(0, 3)], url).toEqual([0xef, 0xbb, 0xbf]);
    }
    // The import template (one header and one example row) is under the threshold: sent as it is.
    const template = await owner.get('/api/v1/employees/import/template.csv', { 'accept-encoding': 'br' });
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(template.headers.get('content-encoding')).toBeNull();
    expect((await bytesOf(template)).byteLength).toBeLessThan(COMPRESSION_THRESHOLD);
  });

  it('keeps small answers and the sign-in cookies as they are', async () => {
    const health = await ctx.app.app.request('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull();
    const client = httpClient(ctx.app.app);
    const signIn = await client.call(
      'POST',
      '/api/auth/sign-in/email',
      { email: 'alice@northwind.example', password: 'DemoPassw0rd!2026' },
      { 'accept-encoding': 'br, gzip' },
    );
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().length).toBeGreaterThan(0);
    expect((await client.get('/api/v1/me')).status).toBe(200);
  });

  it('sends the notification stream uncompressed even to a browser that accepts brotli', async () => {
    const alice = httpClient(ctx.app.app);
    await alice.signIn('alice@northwind.example');
    const controller = new AbortController();
    const res = await ctx.app.app.request('/api/v1/notifications/stream', {
      headers: {
        cookie: alice.cookie,
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, deflate, br, zstd',
      },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body?.getReader();
    if (!reader) throw new Error('the stream has no body');
    let text = '';
    const decoder = new TextDecoder();
    while (!text.includes('event: ready')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    controller.abort();
    await reader.cancel().catch(() => {});
    // Readable as it comes, event by event: plain text, not a compressed frame.
    expect(text).toContain('event: ready');
  });
});
