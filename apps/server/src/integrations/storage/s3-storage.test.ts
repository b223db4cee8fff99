import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/fake-s3.ts';
import { createS3Storage } from './s3-storage.ts';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

const storage = () =>
  createS3Storage({
    endpoint: s3.url,
    region: 'us-east-1',
    accessKeyId: 'test',
    secretAccessKey: 'test-secret',
  });

describe('S3 storage adapter', () => {
  it('puts, gets and deletes an object', async () => {
    const body = new TextEncoder().encode('hello s3');
    await storage().put({ bucket: 'company-assets', key: 'c1/logo-1.png', body, contentType: 'image/png' });
    expect(s3.objects.get('company-assets/c1/logo-1.png')?.body.toString()).toBe('hello s3');

    const read = await storage().get('company-assets', 'c1/logo-1.png');
    expect(read?.contentType).toBe('image/png');
    expect(new TextDecoder().decode(read?.body)).toBe('hello s3');

    await storage().delete('company-assets', 'c1/logo-1.png');
    expect(s3.objects.has('company-assets/c1/logo-1.png')).toBe(false);
    expect(await storage().get('company-assets', 'c1/logo-1.png')).toBeNull();
  });

  it('keeps the original file name beside the object, whatever characters it has', async () => {
    for (const fileName of ['my report.pdf', 'Q3 (final).xlsx', 'résumé.pdf']) {
      await storage().put({
        bucket: 'documents',
        key: 'c1/general_documents/0b7f1c1e.pdf',
        body: new Uint8Array([1, 2]),
        contentType: 'application/pdf',
        fileName,
      });
      expect((await storage().get('documents', 'c1/general_documents/0b7f1c1e.pdf'))?.fileName).toBe(
        fileName,
      );
    }
    await storage().put({ bucket: 'documents', key: 'plain', body: new Uint8Array([1]), contentType: 'x/y' });
    expect((await storage().get('documents', 'plain'))?.fileName).toBeUndefined();
  });

  it('signs every request and builds public URLs', async () => {
    await storage().put({
      bucket: 'b',
      key: 'k',
      body: new Uint8Array([1]),
      contentType: 'application/octet-stream',
    });
    expect(String(s3.requests.at(-1)?.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=test\//);
    expect(storage().publicUrl('company-assets', 'u1/avatar 1.png')).toBe(
      `${s3.url}/company-assets/u1/avatar%201.png`,
    );
  });

  it('surfaces an S3 error other than a missing key', async () => {
    await expect(storage().get('forbidden', 'x')).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(
      storage().put({ bucket: 'forbidden', key: 'x', body: new Uint8Array([1]), contentType: 'text/plain' }),
    ).rejects.toMatchObject({ name: 'AccessDenied' });
  });
});
