/** Cross-app codes: one use, 60 s, redeemed without a session; HubSpot status for Super Admins. */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';

const ctx = useTestApp({
  env: () => ({ CRM_APP_URL: 'https://crm.example.test/start', HUBSPOT_ACCESS_TOKEN: 'pat-na1-secret' }),
});

afterEach(() => {
  vi.useRealTimers();
});

async function link(returnUrl = '/employees') {
  const client = httpClient(ctx.app.app);
  await client.signIn('manager@northwind.example');
  const res = await client.post('/api/v1/cross-app/links', {
    target: 'crm',
    returnUrl,
    breadcrumb: [{ title: 'Main Dashboard', path: '/' }],
  });
  return { client, res };
}

const exchange = (code: string) =>
  ctx.app.app.request('/api/v1/cross-app/exchange', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });

describe('cross-app navigation', () => {
  it('lists only configured targets', async () => {
    const { client } = await link();
    expect(await json(await client.get('/api/v1/cross-app/targets'))).toEqual({
      targets: [{ target: 'crm', label: 'CRM', origin: 'https://crm.example.test' }],
    });
    const hr = await client.post('/api/v1/cross-app/links', { target: 'hr', returnUrl: '/' });
    expect(hr.status).toBe(404);
  });

  it('hands over a code, never a token, and the code works exactly once', async () => {
    const { client, res } = await link();
    expect(res.status).toBe(201);
    const { url } = await json(res);
    const target = new URL(url);
    expect(target.origin + target.pathname).toBe('https://crm.example.test/start');
    expect([...target.searchParams.keys()]).toEqual(['crossApp']);
    const code = target.searchParams.get('crossApp') ?? '';
    expect(client.cookie).not.toContain(code);

    const first = await exchange(code);
    expect(first.status).toBe(200);
    const me = await json(await client.get('/api/v1/me'));
    expect(await json(first)).toEqual({
      userId: me.user.id,
      companyId: me.company.id,
      email: 'manager@northwind.example',
      source: 'hr',
      returnUrl: 'http://localhost:3000/employees',
      breadcrumb: [{ title: 'Main Dashboard', path: '/' }],
    });
    const second = await exchange(code);
    expect(second.status).toBe(401);
    expect((await json(second)).error.message).toBe('This code is invalid, expired or already used.');
  });

  it('a code older than 60 s is refused', async () => {
    const { res } = await link();
    const code = new URL((await json(res)).url).searchParams.get('crossApp') ?? '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await exchange(code)).status).toBe(401);
  });

  it('a code at 59 s still works', async () => {
    const { res } = await link();
    const code = new URL((await json(res)).url).searchParams.get('crossApp') ?? '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59_000);
    expect((await exchange(code)).status).toBe(200);
  });

  it('refuses made-up codes, foreign return URLs, and links without a session', async () => {
    expect((await exchange('made-up')).status).toBe(401);
    expect((await exchange('')).status).toBe(400);
    const { res } = await link('https://evil.example/phish');
    expect(res.status).toBe(400);
    const anonymous = await ctx.app.app.request('/api/v1/cross-app/links', { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  it('issues links only back to pages of this app, breadcrumbs included', async () => {
    for (const returnUrl of [
      '//evil.example/phish',
      '/\\evil.example/phish',
      'javascript:alert(1)',
      'http://user:pass@localhost:3000/employees',
      'https://localhost:3000/employees',
    ]) {
      const { res } = await link(returnUrl);
      expect(res.status, returnUrl).toBe(400);
      expect((await json(res)).error.fields.returnUrl).toBe('Return URL must be a page of this app');
    }
    const client = httpClient(ctx.app.app);
    await client.signIn('manager@northwind.example');
    for (const path of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const res = await client.post('/api/v1/cross-app/links', {
        target: 'crm',
        returnUrl: '/employees',
        breadcrumb: [{ title: 'Home', path }],
      });
      expect(res.status, path).toBe(400);
      expect((await json(res)).error.fields['breadcrumb.0.path']).toBe('Path must be a page of this app');
    }
  });

  it('redeems a code whose stored return URL is no longer ours as a validation error, not a redirect', async () => {
    const { res } = await link();
    const code = new URL((await json(res)).url).searchParams.get('crossApp') ?? '';
    // A row written by an older version (or by hand) with a foreign return URL.
    await ctx.app.admin.execute(
      sql`update cross_app_codes set context = jsonb_set(context, '{returnUrl}', '"https://evil.example/"')`,
    );
    const redeemed = await exchange(code);
    expect(redeemed.status).toBe(400);
    expect(JSON.stringify(await json(redeemed))).not.toContain('evil.example');
  });
});

describe('HubSpot status', () => {
  it('says whether a token is configured, to Super Admins only, without the token', async () => {
    const owner = httpClient(ctx.app.app);
    await owner.signIn('owner@northwind.example');
    const res = await owner.get('/api/v1/hubspot/status');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ configured: true });
    expect(text).not.toContain('pat-na1');
    const admin = httpClient(ctx.app.app);
    await admin.signIn('admin@northwind.example');
    expect((await admin.get('/api/v1/hubspot/status')).status).toBe(403);
  });
});
