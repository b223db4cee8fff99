/**
 * The S3-compatible adapter of the storage port (STORAGE_DRIVER=s3): AWS S3, MinIO, R2, Ceph... The
 * AWS SDK is loaded on the first storage call, not at start (ADR 0135).
 */
import { lazy } from '../../lazy.ts';
import { contentDisposition, fileNameFromDisposition } from './content-disposition.ts';
import type { StoragePort, StoredObject } from './storage-port.ts';

const loadS3Sdk = lazy(() => import('@aws-sdk/client-s3'));

export interface S3StorageOptions {
  /** Omit for AWS itself; set for MinIO and other S3-compatible servers. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style URLs (endpoint/bucket/key), which most self-hosted servers need. */
  forcePathStyle?: boolean;
  /** Base of public object URLs; defaults to endpoint/bucket/key (path style). */
  publicUrl?: string | undefined;
}

export function createS3Storage(options: S3StorageOptions): StoragePort {
  /** The SDK and one client, made on the first call. */
  const connect = lazy(async () => {
    const sdk = await loadS3Sdk();
    const client = new sdk.S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? true,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Plain single-part bodies; the newer default (CRC32 on every call) is not spoken by all S3 clones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { sdk, client };
  });
  const publicBase = (
    options.publicUrl ??
    options.endpoint ??
    `https://s3.${options.region}.amazonaws.com`
  ).replace(/\/$/, '');

  return {
    async put({ bucket, key, body, contentType, fileName }) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // The original name as a header-safe Content-Disposition (x-amz-meta-* takes ASCII only).
          ...(fileName === undefined
            ? {}
            : { ContentDisposition: contentDisposition('attachment', fileName) }),
        }),
      );
    },
    async get(bucket, key): Promise<StoredObject | null> {
      const { sdk, client } = await connect();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) return null;
        const fileName = fileNameFromDisposition(result.ContentDisposition);
        return {
          body: await result.Body.transformToByteArray(),
          contentType: result.ContentType ?? 'application/octet-stream',
          ...(fileName === undefined ? {} : { fileName }),
        };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl(bucket, key) {
      return `${publicBase}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
