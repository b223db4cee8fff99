/** The default storage adapter: files under DATA_DIR/storage/<bucket>/<key>, content types beside them. */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeObjectPath } from './object-keys.ts';
import type { StoragePort, StoredObject } from './storage-port.ts';

export function createLocalStorage(options: { rootDir: string; publicBaseUrl: string }): StoragePort {
  const root = path.resolve(options.rootDir);
  const filePath = (bucket: string, key: string) => {
    assertSafeObjectPath(bucket, key);
    return path.join(root, bucket, ...key.split('/'));
  };
  // Metadata lives in a separate tree so no object key can overwrite another object's content type.
  const metaPath = (bucket: string, key: string) => path.join(root, '.meta', bucket, `${key}.json`);

  return {
    async put({ bucket, key, body, contentType, fileName }) {
      const target = filePath(bucket, key);
      const meta = metaPath(bucket, key);
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(path.dirname(meta), { recursive: true });
      await writeFile(target, body);
      await writeFile(
        meta,
        JSON.stringify(fileName === undefined ? { contentType } : { contentType, fileName }),
      );
    },
    async get(bucket, key): Promise<StoredObject | null> {
      try {
        const [body, meta] = await Promise.all([
          readFile(filePath(bucket, key)),
          readFile(metaPath(bucket, key), 'utf8'),
        ]);
        const { contentType, fileName } = JSON.parse(meta) as { contentType: string; fileName?: string };
        return { body: new Uint8Array(body), contentType, ...(fileName === undefined ? {} : { fileName }) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(bucket, key) {
      await rm(filePath(bucket, key), { force: true });
      await rm(metaPath(bucket, key), { force: true });
    },
    publicUrl(bucket, key) {
      assertSafeObjectPath(bucket, key);
      const encoded = key.split('/').map(encodeURIComponent).join('/');
      return `${options.publicBaseUrl}/${encodeURIComponent(bucket)}/${encoded}`;
    },
  };
}
