/**
 * Input limits (security review): bodies over their limit are refused with a 413 while they stream
 * in, with or without a session, Better Auth's routes included, and the server's memory stays flat;
 * NUL characters, `%00` and out-of-range dates are a 400 on our routes and Better Auth's; document
 * names with spaces, brackets and accents upload; cross-app links lead only to configured sister
 * apps and back to our own pages. Runs on PGlite and on PostgreSQL.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_MAX_BYTES } from '../../src/http/input-guards.ts';
import { httpClient, json, useTestApp } from '../test-context.ts';
import { companyIdByName, expectErrorShape, snapshotCompany } from './support.ts';

const testApp = useTestApp({ env: () => ({ CRM_APP_URL: 'https://crm.example.test/start' }) });
let baseUrl: string;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: testApp.app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const MB = 1024 * 1024;

interface StreamResult {
  status: number;
  body: string;
  ms: number;
  /** Bytes the client had written when the answer arrived. */
  sentWhenAnswered: number;
  /** Largest growth of heap + array buffers seen while the body streamed, in bytes. */
  peakGrowth: number;
}

/**
 * POSTs `total` bytes of JSON-looking text in 64 KB chunks, chunked (no Content-Length) unless
 * `contentLength` is set, stopping as soon as the server answers. One chunk buffer is reused, so
 * the client itself allocates nothing per chunk and any growth is the server's.
 */
function streamBody(
  path: string,
  total: number,
  options: { contentLength?: boolean; headers?: Record<string, string> } = {},
): Promise<StreamResult> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const memory = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  global.gc?.();
  const baseline = memory();
  let peakGrowth = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let sentWhenAnswered = 0;
    const req = http.request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.contentLength ? { 'content-length': String(total) } : {}),
        ...options.headers,
      },
    });
    const sampler = setInterval(() => {
      peakGrowth = Math.max(peakGrowth, memory() - baseline);
    }, 5);
    req.on('response', (res) => {
      answered = true;
      sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        clearInterval(sampler);
        peakGrowth = Math.max(peakGrowth, memory() - baseline);
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(parts).toString(),
          ms: performance.now() - started,
          sentWhenAnswered,
          peakGrowth,
        });
      });
    });
    req.on('error', (err) => {
      // The server may close the connection after answering; the answer is what counts.
      if (!answered) {
        clearInterval(sampler);
        reject(err);
      }
    });
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe('body size limit on all of /api', () => {
  const routes = [
    // Product routes answer 401 without a session, but only after the body limit.
    '/api/v1/employees',
    '/api/v1/holidays/requests',
    // No session needed: our sign-in wrapper, a Better Auth route, the cross-app exchange.
    '/api/auth/sign-in/email',
    '/api/auth/send-verification-email',
    '/api/v1/cross-app/exchange',
    // Upload routes with their own, larger limits.
    '/api/v1/documents',
    '/api/v1/company/logo',
    // Nothing is mounted here: the limit comes first all the same.
    '/api/v1/nowhere',
  ];

  it.each(routes)(
    'a 50 MB chunked body to %s without a session: 413 quickly, memory bounded',
    async (path) => {
      const result = await streamBody(path, 50 * MB);
      expect(result.status, result.body).toBe(413);
      expectErrorShape(result.body, path);
      expect(JSON.parse(result.body).error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(result.ms).toBeLessThan(10_000);
      // Refused while streaming: the server answered long before the 50 MB were sent ...
      expect(result.sentWhenAnswered).toBeLessThan(20 * MB);
      // ... and held at most about its limit (the uploads' 14 MB) of it, not 50 MB.
      expect(result.peakGrowth).toBeLessThan(40 * MB);
    },
  );

  it('a declared 50 MB Content-Length is refused before a byte of it is read', async () => {
    const result = await streamBody('/api/auth/sign-in/email', 50 * MB, { contentLength: true });
    expect(result.status).toBe(413);
    expect(result.sentWhenAnswered).toBeLessThan(4 * MB);
    expectErrorShape(result.body, 'content-length');
  });

  it('1 MB is the default; the document and image uploads have their own limits', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('owner@northwind.example');
    const justOver = `{"fullName":"${'x'.repeat(DEFAULT_BODY_MAX_BYTES)}"}`;
    const res = await client.post('/api/v1/profile', justOver);
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe('Request body is too large');

    // A 3 MB document (4 MB as base64) is over the default and within the documents' limit.
    const doc = await client.post('/api/v1/documents', {
      documentType: 'general_documents',
      fileName: 'big scan.pdf',
      fileData: Buffer.alloc(3 * MB, 1).toString('base64'),
    });
    expect(doc.status).toBe(201);

    // The image routes keep their own message.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(3 * MB)], { type: 'image/png' }), 'big.png');
    const big = await testApp.app.app.request('/api/v1/company/logo', {
      method: 'POST',
      body: form,
      headers: { cookie: client.cookie },
    });
    expect(big.status).toBe(413);
    expect((await json(big)).error.message).toBe('The image must be 2 MB or smaller');
  });
});

describe('NUL characters, %00 and out-of-range dates', () => {
  it('answers %00 anywhere in an /api URL with a 400, Better Auth included', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('owner@northwind.example');
    for (const url of [
      '/api/v1/employees?search=%00',
      '/api/v1/employees?search=ab%00cd',
      '/api/v1/employees/%00',
      '/api/v1/holidays/calendar?month=2026-01%00',
      '/api/auth/verify-email?token=%00',
      '/api/auth/get-session?x=%00',
      '/api/storage/company-assets/%00.png',
    ]) {
      const res = await client.get(url);
      expect(res.status, url).toBe(400);
      expect((await json(res)).error.message).toBe('Text cannot contain NUL characters');
    }
  });

  it('refuses a NUL in any JSON string, ours and Better Auth, writing nothing', async () => {
    const db = testApp.app.admin;
    const company = await companyIdByName(db, 'Northwind');
    const before = await snapshotCompany(db, company);
    const client = httpClient(testApp.app.app);
    await client.signIn('owner@northwind.example');
    const cases: [string, string, unknown][] = [
      ['PUT', '/api/v1/profile', { fullName: 'Ann\u0000', position: null, lineManagerId: null }],
      [
        'POST',
        '/api/v1/employees',
        {
          fullName: 'Nul\u0000Person',
          email: 'nul@northwind.example',
          position: 'Tester',
          employeeNumber: 'NUL-1',
          startDate: '2026-01-05',
        },
      ],
      [
        'POST',
        '/api/v1/holidays/requests',
        { startDate: '2031-03-03', endDate: '2031-03-03', reason: '\u0000' },
      ],
      ['PUT', '/api/v1/company', { legalName: 'Northwind\u0000', addresses: [] }],
      ['POST', '/api/v1/documents', { documentType: 'invoices', fileName: 'a\u0000.pdf', fileData: 'eA==' }],
      // A NUL in a key, too.
      ['PUT', '/api/v1/profile', { 'fullName\u0000': 'x' }],
      ['POST', '/api/auth/sign-in/email', { email: 'owner@northwind.example\u0000', password: 'x' }],
      ['POST', '/api/auth/send-verification-email', { email: '\u0000@x.example' }],
    ];
    for (const [method, url, body] of cases) {
      const res = await client.call(method, url, body);
      const text = await res.text();
      expect(res.status, `${method} ${url}: ${text}`).toBe(400);
      expect(JSON.parse(text).error.message, `${method} ${url}`).toBe('Text cannot contain NUL characters');
    }
    expect(await snapshotCompany(db, company)).toEqual(before);
  });

  it('refuses year 0000, 275760, 9999, negative years and impossible months as invalid dates', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('owner@northwind.example');
    for (const date of ['0000-01-01', '275760-09-13', '9999-12-31', '-000001-01-01', '1899-12-31']) {
      const holiday = await client.post('/api/v1/holidays/requests', { startDate: date, endDate: date });
      expect(holiday.status, date).toBe(400);
      expect((await json(holiday)).error.fields.startDate).toBe('Enter a valid date');
      const day = await client.get(`/api/v1/holidays/calendar/day?date=${encodeURIComponent(date)}`);
      expect(day.status, date).toBe(400);
      const workingDays = await client.get(`/api/v1/holidays/working-days?start=2026-01-01&end=${date}`);
      expect(workingDays.status, date).toBe(400);
    }
    for (const month of ['0000-01', '9999-12', '275760-09']) {
      const res = await client.get(`/api/v1/holidays/calendar?month=${month}`);
      expect(res.status, month).toBe(400);
    }
    const ok = await client.get('/api/v1/holidays/calendar?month=2026-11');
    expect(ok.status).toBe(200);
  });
});

describe('document names', () => {
  it.each(['my report.pdf', 'Q3 (final).xlsx', 'résumé.pdf'])('uploads %j', async (fileName) => {
    const client = httpClient(testApp.app.app);
    await client.signIn('alice@northwind.example');
    const res = await client.post('/api/v1/documents', {
      documentType: 'general_documents',
      fileName,
      fileData: Buffer.from(fileName).toString('base64'),
    });
    expect(res.status).toBe(201);
    const { app } = await json(res);
    expect(app.fileName).toBe(fileName);
    expect(app.key).not.toContain(' ');
    const download = await client.get(`/api/v1/documents/file?key=${encodeURIComponent(app.key)}`);
    expect(await download.text()).toBe(fileName);
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''");
  });
});

describe('cross-app: no open redirect', () => {
  it('lists the sister apps by origin, the only places a return may lead', async () => {
    const client = httpClient(testApp.app.app);
    await client.signIn('alice@northwind.example');
    expect(await json(await client.get('/api/v1/cross-app/targets'))).toEqual({
      targets: [{ target: 'crm', label: 'CRM', origin: 'https://crm.example.test' }],
    });
  });

  it.each([
    ['returnUrl', 'https://evil.example/phish', [{ title: 'Home', path: '/' }]],
    ['returnUrl', '//evil.example/phish', [{ title: 'Home', path: '/' }]],
    ['returnUrl', 'javascript:alert(document.cookie)', [{ title: 'Home', path: '/' }]],
    ['breadcrumb.0.path', '/employees', [{ title: 'Home', path: 'https://evil.example/' }]],
    ['breadcrumb.0.path', '/employees', [{ title: 'Home', path: '//evil.example/' }]],
  ])('refuses a link whose %s leads elsewhere (%s)', async (field, returnUrl, breadcrumb) => {
    const client = httpClient(testApp.app.app);
    await client.signIn('alice@northwind.example');
    const res = await client.post('/api/v1/cross-app/links', { target: 'crm', returnUrl, breadcrumb });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields)).toContain(field);
  });
});
