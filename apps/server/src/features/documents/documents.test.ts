/**
 * Documents whose names have spaces, brackets or accents: stored under a key we derive (uuid and
 * extension) in local app storage, sent to OneDrive and Google Drive under their own name, and
 * downloaded with that name in Content-Disposition (RFC 5987). S3 is covered in cloud-storage.test.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_CLOUD_CLIENT,
  type FakeGoogle,
  type FakeMicrosoft,
  startFakeGoogle,
  startFakeMicrosoft,
} from '../../../test/fakes/fake-cloud.ts';
import { httpClient, json, useTestApp } from '../../../test/test-context.ts';
import {
  contentDisposition,
  fileNameFromDisposition,
} from '../../integrations/storage/content-disposition.ts';
import { safeExtension } from './documents.service.ts';

const NAMES = ['my report.pdf', 'Q3 (final).xlsx', 'résumé.pdf'];

let microsoft: FakeMicrosoft;
let google: FakeGoogle;
beforeAll(async () => {
  [microsoft, google] = await Promise.all([startFakeMicrosoft(), startFakeGoogle()]);
});
afterAll(async () => {
  await Promise.all([microsoft.close(), google.close()]);
});

// No storage given: the app's default, local disk under DATA_DIR/storage.
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
});

type Client = ReturnType<typeof httpClient>;
async function signedIn(email = 'owner@northwind.example'): Promise<Client> {
  const client = httpClient(ctx.app.app);
  await client.signIn(email);
  return client;
}

async function connect(client: Client, provider: 'microsoft' | 'google') {
  const { authUrl } = await json(await client.post(`/api/v1/cloud-storage/${provider}/auth-url`));
  const consent = await fetch(authUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  const res = await client.post('/api/v1/cloud-storage/oauth/complete', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  expect(res.status).toBe(200);
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('document names', () => {
  it('stores each name in local app storage under a derived key and downloads it under its own name', async () => {
    const client = await signedIn();
    for (const fileName of NAMES) {
      const res = await client.post('/api/v1/documents', {
        documentType: 'general_documents',
        fileName,
        fileData: b64(`content of ${fileName}`),
        contentType: 'application/octet-stream',
      });
      expect(res.status, fileName).toBe(201);
      const body = await json(res);
      expect(body.app.fileName).toBe(fileName);
      expect(body.app.key).toMatch(
        new RegExp(`^[0-9a-f-]{36}/general_documents/[0-9a-f-]{36}\\${safeExtension(fileName)}$`),
      );
      const dataDir = path.dirname(ctx.app.outboxDir);
      expect(existsSync(path.join(dataDir, 'storage', 'documents', ...body.app.key.split('/')))).toBe(true);

      const download = await client.get(`/api/v1/documents/file?key=${encodeURIComponent(body.app.key)}`);
      expect(download.status, fileName).toBe(200);
      expect(await download.text()).toBe(`content of ${fileName}`);
      const disposition = download.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(fileNameFromDisposition(disposition)).toBe(fileName);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('never serves another company its documents, nor a key outside the documents', async () => {
    const owner = await signedIn();
    const { app } = await json(
      await owner.post('/api/v1/documents', {
        documentType: 'invoices',
        fileName: 'private.pdf',
        fileData: b64('northwind only'),
      }),
    );
    const other = await signedIn('owner@southbank.example');
    expect((await other.get(`/api/v1/documents/file?key=${encodeURIComponent(app.key)}`)).status).toBe(404);
    for (const key of ['../../etc/passwd', `${app.key.split('/')[0]}/../x`, '', 'a'.repeat(2000)]) {
      const res = await owner.get(`/api/v1/documents/file?key=${encodeURIComponent(key)}`);
      expect([400, 404], key).toContain(res.status);
    }
  });

  it('sends each name to OneDrive and Google Drive as it is', async () => {
    const client = await signedIn();
    await connect(client, 'microsoft');
    await client.call('PUT', '/api/v1/cloud-storage/enabled', { enabled: true });
    await client.call('PUT', '/api/v1/cloud-storage/policies/invoices', {
      storageLocation: 'both',
      cloudFolderPath: 'inv',
    });
    for (const fileName of NAMES) {
      const res = await client.post('/api/v1/documents', {
        documentType: 'invoices',
        fileName,
        fileData: b64(`invoice ${fileName}`),
      });
      expect(res.status, fileName).toBe(201);
      const body = await json(res);
      expect(body.cloud.path.endsWith(`/inv/${fileName}`)).toBe(true);
      expect(microsoft.files.get(body.cloud.path)?.toString()).toBe(`invoice ${fileName}`);
      expect(body.app.fileName).toBe(fileName);
    }

    await connect(client, 'google');
    for (const fileName of NAMES) {
      const res = await client.post('/api/v1/cloud-storage/google/files', {
        folderPath: 'HR/names',
        fileName,
        fileData: b64(`drive ${fileName}`),
      });
      expect(res.status, fileName).toBe(201);
      expect(google.files.get(`HR/names/${fileName}`)?.toString()).toBe(`drive ${fileName}`);
    }
  });
});

describe('content disposition', () => {
  it.each([
    ['my report.pdf', 'my report.pdf', 'my%20report.pdf'],
    ['Q3 (final).xlsx', 'Q3 (final).xlsx', 'Q3%20%28final%29.xlsx'],
    ['résumé.pdf', 'resume.pdf', 'r%C3%A9sum%C3%A9.pdf'],
    ['a"b\\c\r\n.txt', 'a_b_c__.txt', 'a%22b%5Cc%0D%0A.txt'],
  ])('%j', (name, ascii, encoded) => {
    const header = contentDisposition('attachment', name);
    expect(header).toBe(`attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`);
    expect(fileNameFromDisposition(header)).toBe(name);
  });

  it('keeps a plain extension only', () => {
    expect(safeExtension('Q3 (final).XLSX')).toBe('.xlsx');
    expect(safeExtension('no-extension')).toBe('');
    expect(safeExtension('evil.p hp')).toBe('');
    expect(safeExtension('x.tar.gz')).toBe('.gz');
  });
});
