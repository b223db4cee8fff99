/** The S3-compatible adapter of the storage port (STORAGE_DRIVER=s3): AWS S3, MinIO, R2, Ceph... */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentDisposition, fileNameFromDisposition } from './content-disposition.ts';
import type { StoragePort, StoredObject } from './storage-port.ts';

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
  const client = new S3Client({
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
  const publicBase = (
    options.publicUrl ??
    options.endpoint ??
    `https://s3.${options.region}.amazonaws.com`
  ).replace(/\/$/, '');

  return {
    async put({ bucket, key, body, contentType, fileName }) {
      await client.send(
        new PutObjectCommand({
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
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!result.Body) return null;
        const fileName = fileNameFromDisposition(result.ContentDisposition);
        return {
          body: await result.Body.transformToByteArray(),
          contentType: result.ContentType ?? 'application/octet-stream',
          ...(fileName === undefined ? {} : { fileName }),
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl(bucket, key) {
      return `${publicBase}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
