/** Cloud storage settings, OneDrive and Drive connect/upload/create_folder, audit, and POST /documents. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_CLOUD_CLIENT,
  type FakeGoogle,
  type FakeMicrosoft,
  startFakeGoogle,
  startFakeMicrosoft,
} from '../../../test/fakes/fake-cloud.ts';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/fake-s3.ts';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import { rowsOf } from '../../db/client.ts';
import { createS3Storage } from '../../integrations/storage/s3-storage.ts';

let microsoft: FakeMicrosoft;
let google: FakeGoogle;
let s3: FakeS3;
beforeAll(async () => {
  [microsoft, google, s3] = await Promise.all([startFakeMicrosoft(), startFakeGoogle(), startFakeS3()]);
});
afterAll(async () => {
  await Promise.all([microsoft.close(), google.close(), s3.close()]);
});

const ctx = useTestApp({
  env: () => ({
    MICROSOFT_CLIENT_ID: FAKE_CLOUD_CLIENT.id,
    MICROSOFT_CLIENT_SECRET: FAKE_CLOUD_CLIENT.secret,
    MICROSOFT_LOGIN_URL: microsoft.loginUrl,
    MICROSOFT_GRAPH_URL: microsoft.graphUrl,
    GOOGLE_CLIENT_ID: FAKE_CLOUD_CLIENT.id,
    GOOGLE_CLIENT_SECRET: FAKE_CLOUD_CLIENT.secret,
    GOOGLE_AUTH_URL: google.authUrl,
    GOOGLE_OAUTH_URL: google.oauthUrl,
    GOOGLE_API_URL: google.apiUrl,
  }),
  storage: () =>
    createS3Storage({ endpoint: s3.url, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' }),
});

type Client = ReturnType<typeof httpClient>;
async function signedIn(email = 'owner@northwind.example'): Promise<Client> {
  const client = httpClient(ctx.app.app);
  await client.signIn(email);
  return client;
}

async function popup(client: Client, provider: 'microsoft' | 'google') {
  const { authUrl } = await json(await client.post(`/api/v1/cloud-storage/${provider}/auth-url`));
  const consent = await fetch(authUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function connectProvider(client: Client, provider: 'microsoft' | 'google') {
  const res = await client.post('/api/v1/cloud-storage/oauth/complete', await popup(client, provider));
  expect(res.status).toBe(200);
  expect(await json(res)).toEqual({ provider, connected: true });
}

interface AuditRow {
  operation: string;
  provider: string;
  operation_status: string;
  error_message: string | null;
  file_name: string | null;
}
async function auditRows(): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    await ctx.app.admin.execute(sql`select * from cloud_storage_audit order by created_at`),
  );
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('cloud storage settings', () => {
  it('shows the switch off, both providers not connected and every policy with its default', async () => {
    const body = await json(await (await signedIn()).get('/api/v1/cloud-storage'));
    expect(body.enabled).toBe(false);
    expect(body.providers).toEqual([
      { provider: 'microsoft', label: 'Microsoft OneDrive', connected: false },
      { provider: 'google', label: 'Google Drive', connected: false },
    ]);
    expect(body.policies).toHaveLength(9);
    expect(body.policies[0]).toEqual({
      documentType: 'sop_documents',
      category: 'primary',
      storageLocation: 'supabase',
      cloudFolderPath: 'primary/sop_documents',
      editable: false,
    });
    expect(body.policies.find((p: { documentType: string }) => p.documentType === 'invoices')).toMatchObject({
      category: 'secondary',
      cloudFolderPath: 'secondary/invoices',
      editable: true,
    });
  });

  it('toggles cloud storage and changes a secondary policy, never a primary one', async () => {
    const client = await signedIn();
    expect((await client.call('PUT', '/api/v1/cloud-storage/enabled', { enabled: true })).status).toBe(200);
    const res = await client.call('PUT', '/api/v1/cloud-storage/policies/invoices', {
      storageLocation: 'both',
    });
    expect(await json(res)).toMatchObject({
      documentType: 'invoices',
      storageLocation: 'both',
      cloudFolderPath: 'secondary/invoices',
    });
    const primary = await client.call('PUT', '/api/v1/cloud-storage/policies/sop_documents', {
      storageLocation: 'both',
    });
    expect(primary.status).toBe(400);
    expect((await json(primary)).error.message).toBe(
      'Primary document types are always kept in the main storage.',
    );
    expect(
      (await client.call('PUT', '/api/v1/cloud-storage/policies/invoices', { storageLocation: 'dropbox' }))
        .status,
    ).toBe(400);
    expect(
      (await client.call('PUT', '/api/v1/cloud-storage/policies/passports', { storageLocation: 'both' }))
        .status,
    ).toBe(404);
    const after = await json(await client.get('/api/v1/cloud-storage'));
    expect(after.enabled).toBe(true);
    expect(
      after.policies.find((p: { documentType: string }) => p.documentType === 'invoices').storageLocation,
    ).toBe('both');
    expect(
      after.policies.find((p: { documentType: string }) => p.documentType === 'sop_documents')
        .storageLocation,
    ).toBe('supabase');
    // Another company does not see it.
    const southbank = await json(
      await (await signedIn('owner@southbank.example')).get('/api/v1/cloud-storage'),
    );
    expect(southbank.enabled).toBe(false);
    expect(
      southbank.policies.find((p: { documentType: string }) => p.documentType === 'invoices').storageLocation,
    ).toBe('supabase');
    await client.call('PUT', '/api/v1/cloud-storage/policies/invoices', { storageLocation: 'supabase' });
    await client.call('PUT', '/api/v1/cloud-storage/enabled', { enabled: false });
  });

  it('is for Super Admins and developers only', async () => {
    for (const email of ['admin@northwind.example', 'alice@northwind.example']) {
      const client = await signedIn(email);
      expect((await client.get('/api/v1/cloud-storage')).status).toBe(403);
      expect(
        (await client.call('PUT', '/api/v1/cloud-storage/policies/invoices', { storageLocation: 'both' }))
          .status,
      ).toBe(403);
    }
    expect((await (await signedIn('dev@northwind.example')).get('/api/v1/cloud-storage')).status).toBe(200);
  });
});

describe.each(['microsoft', 'google'] as const)('%s', (provider) => {
  const fake = () => (provider === 'microsoft' ? microsoft : google);

  it('connects: the code is exchanged server-side and the tokens are stored sealed', async () => {
    const client = await signedIn();
    await connectProvider(client, provider);
    const body = await json(await client.get('/api/v1/cloud-storage'));
    expect(body.providers.find((p: { provider: string }) => p.provider === provider).connected).toBe(true);
    const rows = rowsOf<{ all: string }>(
      await ctx.app.admin.execute(
        sql`select string_agg(t::text, '|') as all from cloud_storage_configurations t`,
      ),
    );
    const dump = String(rows[0]?.all);
    for (const token of fake().desk.issued) expect(dump).not.toContain(token);
    expect(JSON.stringify(body)).not.toContain('at-');
    expect((await auditRows()).at(-1)).toMatchObject({
      operation: 'authenticate',
      provider,
      operation_status: 'success',
    });
  });

  it('a bad code -> Authentication failed, audited as failed; a replayed state is refused', async () => {
    const client = await signedIn();
    const { state } = await popup(client, provider);
    const res = await client.post('/api/v1/cloud-storage/oauth/complete', { code: 'wrong', state });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('Authentication failed');
    expect((await auditRows()).at(-1)).toMatchObject({
      operation: 'authenticate',
      operation_status: 'failed',
      error_message: expect.stringContaining('invalid'),
    });
    expect((await client.post('/api/v1/cloud-storage/oauth/complete', { code: 'wrong', state })).status).toBe(
      400,
    );
  });

  it('creates nested folders and uploads a file, each audited', async () => {
    const client = await signedIn();
    const folder = await client.post(`/api/v1/cloud-storage/${provider}/folders`, {
      folderPath: 'HR/secondary/invoices',
    });
    expect(folder.status).toBe(201);
    expect(fake().folders.has('HR/secondary/invoices')).toBe(true);
    // Again: existing folders are kept, not an error.
    expect(
      (
        await client.post(`/api/v1/cloud-storage/${provider}/folders`, {
          folderPath: 'HR/secondary/invoices',
        })
      ).status,
    ).toBe(201);
    const upload = await client.post(`/api/v1/cloud-storage/${provider}/files`, {
      folderPath: 'HR/secondary/invoices',
      fileName: 'inv-1.txt',
      fileData: b64('invoice one'),
    });
    expect(upload.status).toBe(201);
    expect(fake().files.get('HR/secondary/invoices/inv-1.txt')?.toString()).toBe('invoice one');
    expect((await auditRows()).slice(-3).map((r) => [r.operation, r.operation_status])).toEqual([
      ['create_folder', 'success'],
      ['create_folder', 'success'],
      ['upload', 'success'],
    ]);
  });

  it('an expired access token is refreshed once and the call retried', async () => {
    const client = await signedIn();
    fake().desk.expireAccessTokens();
    const before = fake().requests.length;
    const upload = await client.post(`/api/v1/cloud-storage/${provider}/files`, {
      folderPath: 'flat',
      fileName: 'after-refresh.txt',
      fileData: b64('x'),
    });
    expect(upload.status).toBe(201);
    const calls = fake().requests.slice(before);
    expect(calls.filter((r) => r.path.endsWith('/token'))).toHaveLength(1);
    expect(
      new URLSearchParams(calls.find((r) => r.path.endsWith('/token'))?.body.toString()).get('grant_type'),
    ).toBe('refresh_token');
    expect(fake().files.has('flat/after-refresh.txt')).toBe(true);
  });

  it('a failed upload is written to the audit as failed with the error message', async () => {
    const client = await signedIn();
    fake().desk.failUploads = true;
    const res = await client.post(`/api/v1/cloud-storage/${provider}/files`, {
      folderPath: 'x',
      fileName: 'big.bin',
      fileData: b64('big'),
    });
    fake().desk.failUploads = false;
    expect(res.status).toBe(503);
    expect((await json(res)).error.message).toBe('The cloud upload failed.');
    expect((await auditRows()).at(-1)).toMatchObject({
      operation: 'upload',
      provider,
      file_name: 'big.bin',
      operation_status: 'failed',
      error_message: expect.stringMatching(/Insufficient Space|storage quota/),
    });
  });

  it('refuses bad input with field messages', async () => {
    const client = await signedIn();
    const res = await client.post(`/api/v1/cloud-storage/${provider}/files`, {
      folderPath: '../etc',
      fileName: 'a/b',
      fileData: '***',
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual([
      'fileData',
      'fileName',
      'folderPath',
    ]);
  });
});

describe('POST /api/v1/documents', () => {
  it('honours app storage, cloud and both, with the company folder structure', async () => {
    const client = await signedIn();
    const upload = (documentType: string, fileName: string) =>
      client.post('/api/v1/documents', {
        documentType,
        fileName,
        fileData: b64(`data of ${fileName}`),
        contentType: 'text/plain',
        department: 'Finance',
      });

    // Cloud storage off: everything goes to app storage.
    await client.call('PUT', '/api/v1/cloud-storage/policies/invoices', { storageLocation: 'cloud_primary' });
    const off = await json(await upload('invoices', 'off.txt'));
    expect(off).toMatchObject({ storageLocation: 'supabase', cloud: null, app: { bucket: 'documents' } });
    expect(s3.objects.get(`documents/${off.app.key}`)?.body.toString()).toBe('data of off.txt');

    await client.call('PUT', '/api/v1/cloud-storage/enabled', { enabled: true });
    const cloudOnly = await upload('invoices', 'cloud.txt');
    expect(cloudOnly.status).toBe(201);
    const cloudBody = await json(cloudOnly);
    expect(cloudBody.app).toBeNull();
    expect(cloudBody.cloud.path).toMatch(
      /^Northwind\/Finance\/\d{4}-\d{2}-\d{2}\/secondary\/invoices\/cloud\.txt$/,
    );

    await client.call('PUT', '/api/v1/cloud-storage/policies/purchase_orders', {
      storageLocation: 'both',
      cloudFolderPath: 'po',
    });
    const both = await json(await upload('purchase_orders', 'both.txt'));
    expect(both.app.key).toContain('purchase_orders');
    expect(both.cloud.path).toMatch(/\/po\/both\.txt$/);

    // Primary types always stay in the main storage.
    const primary = await json(await upload('sop_documents', 'sop.txt'));
    expect(primary).toMatchObject({ storageLocation: 'supabase', cloud: null });
  });

  it('stores names with spaces, brackets and accents in S3 under a derived key, downloads them by name', async () => {
    const client = await signedIn();
    for (const fileName of ['my report.pdf', 'Q3 (final).xlsx', 'résumé.pdf']) {
      const res = await client.post('/api/v1/documents', {
        documentType: 'general_documents',
        fileName,
        fileData: b64(`s3 ${fileName}`),
      });
      expect(res.status, fileName).toBe(201);
      const { app } = await json(res);
      expect(app.key).toMatch(/^[0-9a-f-]{36}\/general_documents\/[0-9a-f-]{36}\.(pdf|xlsx)$/);
      expect(s3.objects.get(`documents/${app.key}`)?.body.toString()).toBe(`s3 ${fileName}`);
      const download = await client.get(`/api/v1/documents/file?key=${encodeURIComponent(app.key)}`);
      expect(download.status).toBe(200);
      expect(await download.text()).toBe(`s3 ${fileName}`);
      expect(download.headers.get('content-disposition')).toContain(
        `filename*=UTF-8''${encodeURIComponent(fileName).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      );
    }
  });

  it('a failed cloud upload stores nothing in app storage and is audited', async () => {
    const client = await signedIn();
    microsoft.desk.failUploads = true;
    google.desk.failUploads = true;
    const before = s3.objects.size;
    const res = await client.post('/api/v1/documents', {
      documentType: 'purchase_orders',
      fileName: 'fail.txt',
      fileData: b64('x'),
    });
    microsoft.desk.failUploads = false;
    google.desk.failUploads = false;
    expect(res.status).toBe(503);
    expect(s3.objects.size).toBe(before);
    expect((await auditRows()).at(-1)).toMatchObject({ file_name: 'fail.txt', operation_status: 'failed' });
  });

  it('validates the document type and needs a connected provider for cloud policies', async () => {
    const other = await signedIn('owner@southbank.example');
    expect(
      (
        await other.post('/api/v1/documents', {
          documentType: 'passports',
          fileName: 'a',
          fileData: b64('x'),
        })
      ).status,
    ).toBe(400);
    await other.call('PUT', '/api/v1/cloud-storage/enabled', { enabled: true });
    await other.call('PUT', '/api/v1/cloud-storage/policies/invoices', { storageLocation: 'cloud_primary' });
    const res = await other.post('/api/v1/documents', {
      documentType: 'invoices',
      fileName: 'a.txt',
      fileData: b64('x'),
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('No cloud provider is connected for this company.');
  });
});
