/** Chooses the storage adapter from STORAGE_DRIVER: `local` (default, DATA_DIR/storage) or `s3`. */
import path from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StoragePort } from './storage-port.ts';

/** Public objects are served by our own route (storage.routes.ts) under this path. */
export const STORAGE_PUBLIC_PATH = '/api/storage';

type StorageEnv = Pick<
  Env,
  | 'STORAGE_DRIVER'
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

export function createStorage(env: StorageEnv): StoragePort {
  switch (env.STORAGE_DRIVER) {
    case 'local':
      return createLocalStorage({
        rootDir: path.join(env.DATA_DIR, 'storage'),
        publicBaseUrl: STORAGE_PUBLIC_PATH,
      });
    case 's3':
      // Without S3_PUBLIC_URL the browser loads objects through our storage route, so the bucket may
      // stay private.
      return createS3Storage({
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        publicUrl: env.S3_PUBLIC_URL ?? STORAGE_PUBLIC_PATH,
      });
  }
}
