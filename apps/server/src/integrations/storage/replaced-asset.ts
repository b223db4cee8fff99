/** Deleting the public file a change replaced (a logo, an avatar), once that change has committed. */
import { COMPANY_ASSETS_BUCKET, keyFromPublicUrl } from './object-keys.ts';
import { STORAGE_PUBLIC_PATH } from './storage-factory.ts';
import type { StoragePort } from './storage-port.ts';

/**
 * Deletes the company-assets file `previous` pointed at, now that `current` (a new URL, or null when
 * removed) has replaced it. Call it after the transaction that stored `current` committed, never
 * before: a change that rolls back keeps the file it would have replaced. The caller must have read
 * `previous` under a lock in that transaction, so that of parallel replacements each deletes the file
 * the one before it set. Only a file of ours inside `folder` (`{id}/`) is deleted, and never the
 * current one (two uploads in one millisecond share a key).
 */
export async function deleteReplacedAsset(
  storage: StoragePort,
  folder: string,
  previous: string | null,
  current: string | null,
): Promise<void> {
  const oldKey = keyFromPublicUrl(previous, STORAGE_PUBLIC_PATH, COMPANY_ASSETS_BUCKET);
  if (oldKey?.startsWith(`${folder}/`) && previous !== current) {
    await storage.delete(COMPANY_ASSETS_BUCKET, oldKey);
  }
}
