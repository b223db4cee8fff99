import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { handleError } from './error-handler.ts';
import { apiBodyLimit } from './input-guards.ts';

/** A request that counts how often something asks for its body (Hono's `bodyLimit` does, first). */
function countingBody(url: string, init: RequestInit) {
  const req = new Request(url, init);
  const reads = { count: 0 };
  const body = Object.getOwnPropertyDescriptor(Request.prototype, 'body')?.get;
  Object.defineProperty(req, 'body', {
    get() {
      reads.count++;
      return body?.call(this);
    },
  });
  return { req, reads };
}

describe('the API body limit', () => {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', apiBodyLimit([], 64));
  app.all('/echo', async (c) => c.text(c.req.method === 'POST' ? await c.req.text() : 'read'));

  it('passes a GET or HEAD without asking for a body (on Node that would build a full Request)', async () => {
    for (const method of ['GET', 'HEAD']) {
      const { req, reads } = countingBody('http://localhost/echo', { method });
      expect((await app.request(req)).status).toBe(200);
      expect(reads.count, method).toBe(0);
    }
  });

  it('still measures every other body, and refuses one over the limit', async () => {
    const { req, reads } = countingBody('http://localhost/echo', { method: 'POST', body: 'x'.repeat(10) });
    const ok = await app.request(req);
    expect(await ok.text()).toBe('x'.repeat(10));
    expect(reads.count).toBeGreaterThan(0);
    const tooLarge = await app.request('/echo', { method: 'POST', body: 'x'.repeat(65) });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: { message: 'Request body is too large' } });
  });
});
