import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';

const testApp = useTestApp();
const app = () => testApp.app.app;

const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00,
  0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff,
  0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

async function signedIn(email: string) {
  const client = httpClient(app());
  await client.signIn(email);
  return client;
}

function upload(
  client: ReturnType<typeof httpClient>,
  url: string,
  bytes: Uint8Array,
  name: string,
  type: string,
) {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return app().request(url, { method: 'POST', body: form, headers: { cookie: client.cookie } });
}

const address = {
  id: '9b1c8d1e-5f1a-4c57-9d0a-3f2d1e0c4b5a',
  type: 'Head Office',
  address_line_1: '2 Quay Street',
  address_line_2: '',
  city: 'Bristol',
  postcode: 'BS1 4DB',
  country: 'United Kingdom',
};

describe('company details', () => {
  it('is only for super admins and developers', async () => {
    const alice = await signedIn('alice@northwind.example');
    const res = await alice.get('/api/v1/company');
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(
      'Only Super Administrators and Developers can access company details.',
    );
    expect((await (await signedIn('dev@northwind.example')).get('/api/v1/company')).status).toBe(200);
  });

  it('saves names and addresses, empty trading name becomes null, legal name required', async () => {
    const owner = await signedIn('owner@northwind.example');
    const details = await json(await owner.get('/api/v1/company'));
    expect(details.legalName).toBe('Northwind Engineering Ltd');
    const saved = await owner.call('PUT', '/api/v1/company', {
      legalName: 'Northwind Engineering Group Ltd',
      tradingName: '  ',
      addresses: [address],
    });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({
      legalName: 'Northwind Engineering Group Ltd',
      tradingName: null,
      addresses: [{ ...address, address_line_2: null }],
    });
    const me = await json(await owner.get('/api/v1/me'));
    expect(me.company.displayName).toBe('Northwind Engineering Group Ltd');

    const bad = await owner.call('PUT', '/api/v1/company', {
      legalName: ' ',
      tradingName: null,
      addresses: [],
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe('Legal name is required');
    expect((await json(await owner.get('/api/v1/company'))).legalName).toBe(
      'Northwind Engineering Group Ltd',
    );
  });

  it('stores an uploaded logo in company-assets and serves it publicly with its type', async () => {
    const owner = await signedIn('owner@northwind.example');
    const res = await upload(owner, '/api/v1/company/logo', PNG_BYTES, 'logo.png', 'image/png');
    expect(res.status).toBe(201);
    const { logoUrl } = await json(res);
    expect(logoUrl).toMatch(/^\/api\/storage\/company-assets\/[0-9a-f-]{36}\/logo-\d+\.png$/);
    const served = await app().request(logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
    // The header logo comes with the session.
    expect((await json(await owner.get('/api/v1/me'))).company.logoUrl).toBe(logoUrl);
  });

  it('deletes the file of a replaced or removed logo once the change is saved, and keeps one under parallel uploads', async () => {
    const owner = await signedIn('owner@northwind.example');
    const [company] = rowsOf<{ id: string }>(
      await testApp.app.admin.execute(sql`select id from companies where name = 'Northwind Engineering Ltd'`),
    );
    const folder = path.join(
      path.dirname(testApp.app.outboxDir),
      'storage',
      'company-assets',
      company?.id as string,
    );
    const stored = () => (existsSync(folder) ? readdirSync(folder).sort() : []);
    const logoAudits = async () =>
      rowsOf<{ before: { logoUrl: string | null }; after: { logoUrl: string | null } }>(
        await testApp.app.admin.execute(sql`select before, after from audit_events
          where company_id = ${company?.id} and kind = 'settings.changed' and target_type = 'company_details'
            and after ? 'logoUrl' order by created_at, id`),
      );
    const auditedBefore = (await logoAudits()).length;
    const fileOf = (url: string) => url.split('/').at(-1);
    const logo = async () => {
      const res = await upload(owner, '/api/v1/company/logo', PNG_BYTES, 'logo.png', 'image/png');
      expect(res.status).toBe(201);
      return (await json(res)).logoUrl as string;
    };
    // Replaced twice: only the current file stays (before: every logo ever uploaded stayed).
    let current = '';
    for (let i = 0; i < 3; i++) {
      current = await logo();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(stored()).toEqual([fileOf(current)]);
    // Removed: no logo, no file.
    const removed = await owner.call('DELETE', '/api/v1/company/logo');
    expect(removed.status).toBe(200);
    expect((await json(removed)).logoUrl).toBeNull();
    expect((await json(await owner.get('/api/v1/me'))).company.logoUrl).toBeNull();
    expect(stored()).toEqual([]);
    expect((await app().request(current)).status).toBe(404);
    // Six at once, over a logo: each deletes the file the one before it set, so one file stays.
    await logo();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        upload(owner, '/api/v1/company/logo', PNG_BYTES, 'logo.png', 'image/png'),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    current = (await json(await owner.get('/api/v1/company'))).logoUrl;
    expect(stored()).toEqual([fileOf(current)]);
    expect((await app().request(current)).status).toBe(200);

    // Each change of the logo is in the audit trail, with the logo before and after: three uploads,
    // the removal, one upload and the six at once.
    const audited = (await logoAudits()).slice(auditedBefore);
    expect(audited).toHaveLength(11);
    expect(audited[3]).toEqual({ before: { logoUrl: audited[2]?.after.logoUrl }, after: { logoUrl: null } });
    // The six at once started together: their rows' times need not follow the order they committed in.
    expect(audited.slice(-6).map((a) => a.after.logoUrl)).toContain(current);
  });

  it('rejects a non-image by its content even with an image name and type, and caps the size', async () => {
    const owner = await signedIn('owner@northwind.example');
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const fake = await upload(owner, '/api/v1/company/logo', html, 'logo.png', 'image/png');
    expect(fake.status).toBe(400);
    expect((await json(fake)).error.message).toBe('Please select an image file');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    expect((await upload(owner, '/api/v1/company/logo', svg, 'logo.svg', 'image/svg+xml')).status).toBe(400);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const tooBig = await upload(owner, '/api/v1/company/logo', big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    const [row] = rowsOf<{ logo_url: string | null }>(
      await testApp.app.admin.execute(
        sql`select d.logo_url from company_details d join companies c on c.id = d.company_id where c.name = 'Northwind Engineering Ltd'`,
      ),
    );
    expect(row?.logo_url ?? '').not.toContain('big');
  });

  it('serves only public buckets and safe keys', async () => {
    expect((await app().request('/api/storage/private/x.png')).status).toBe(404);
    expect((await app().request('/api/storage/company-assets/..%2F..%2Fauth-secret')).status).toBe(404);
    expect((await app().request('/api/storage/company-assets/missing.png')).status).toBe(404);
  });
});
