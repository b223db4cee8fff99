/** Bucket names and object keys every adapter accepts: no traversal, no hidden files, no odd characters. */

/** Buckets whose objects anyone may read through GET /api/storage/:bucket/*. */
export const PUBLIC_BUCKETS = ['company-assets'] as const;
export const COMPANY_ASSETS_BUCKET = 'company-assets';

const BUCKET = /^[a-z0-9][a-z0-9-]{1,62}$/;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export function isSafeObjectPath(bucket: string, key: string): boolean {
  if (!BUCKET.test(bucket)) return false;
  const segments = key.split('/');
  return (
    key.length <= 1024 && segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && !s.includes('..'))
  );
}

export function assertSafeObjectPath(bucket: string, key: string): void {
  if (!isSafeObjectPath(bucket, key)) throw new Error(`Unsafe storage path: ${bucket}/${key}`);
}

export function isPublicBucket(bucket: string): boolean {
  return (PUBLIC_BUCKETS as readonly string[]).includes(bucket);
}

/** The key of an object a public URL of ours points at, or null for any other URL. */
export function keyFromPublicUrl(url: string | null, publicBaseUrl: string, bucket: string): string | null {
  const prefix = `${publicBaseUrl}/${bucket}/`;
  if (!url?.startsWith(prefix)) return null;
  const key = url.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
  return isSafeObjectPath(bucket, key) ? key : null;
}
