/**
 * The read cache (ADR 0046): the JSON answers of the heaviest product reads, kept in this process and
 * tagged with the company's data version. The session statement returns the current version with the
 * principal, so a hit costs that one round trip and nothing else; any committed change to the
 * company's rows (statement triggers, migration 0015) changes the version, and the next read misses.
 */
import { createMiddleware } from 'hono/factory';
import { LRUCache } from 'lru-cache';
import type { AppEnv, Principal } from './app-env.ts';

interface Entry {
  company: string;
  /** The company's data version the answer was computed at (or after). */
  version: bigint;
  /** The JSON, encoded once: a hit writes these bytes as they are. */
  body: Uint8Array<ArrayBuffer>;
  /** What the entry holds in memory: its body and its key. */
  bytes: number;
}

export interface ReadCacheOptions {
  /** Most answers kept; the least recently used goes first (default 5,000). */
  maxEntries?: number;
  /** Most bytes kept over all answers and their keys (default 64 MB). */
  maxBytes?: number;
}

export interface ReadCache {
  get(company: string, key: string, version: bigint): Uint8Array<ArrayBuffer> | undefined;
  set(company: string, key: string, version: bigint, body: Uint8Array<ArrayBuffer>): void;
  readonly size: number;
}

export function createReadCache({ maxEntries = 5_000, maxBytes = 64 * 1024 * 1024 }: ReadCacheOptions = {}) {
  // lru-cache keeps the recency order and evicts the least recently used past either bound: the entry
  // count, or the bytes of the bodies and keys (each entry's `bytes`).
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.bytes,
  });
  /** The highest version seen per company: one going down means the database went back in time. */
  const highest = new Map<string, bigint>();

  /**
   * Versions only grow while the database moves forward. A lower one than already seen (a restore, a
   * failover to a replica that missed commits) would let a later version match an answer about data
   * that no longer exists: forget everything the company had.
   */
  const observe = (company: string, version: bigint) => {
    const seen = highest.get(company);
    if (seen !== undefined && version < seen) {
      const stale = [...entries.entries()].filter(([, entry]) => entry.company === company);
      for (const [key] of stale) entries.delete(key);
    }
    if (seen === undefined || version !== seen) {
      if (seen === undefined && highest.size >= 100_000) highest.clear();
      highest.set(company, version);
    }
  };

  const cache: ReadCache = {
    get(company, key, version) {
      observe(company, version);
      const entry = entries.peek(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        // Computed before a change this request can see: never valid again.
        if (entry.version < version) entries.delete(key);
        return undefined;
      }
      // A hit makes the entry the most recently used.
      return entries.get(key)?.body;
    },
    set(company, key, version, body) {
      const size = body.byteLength + key.length * 2;
      if (size > maxBytes) return;
      const existing = entries.peek(key);
      // A slower request that read an older version must not replace a newer answer.
      if (existing && existing.version > version) return;
      entries.set(key, { company, version, body, bytes: size });
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}

/** Longest path and query cached: longer ones are answered, not kept. */
const MAX_URL_LENGTH = 512;

/**
 * Everything about the principal an answer may depend on, besides the company's rows: the same user
 * with another role, other levels or another name never shares an answer. The date (UTC, as the
 * services' "today") ends yesterday's answers. Query parameters are sorted, so their order does not
 * make a new entry.
 */
function keyOf(principal: Principal, url: URL, today: string): string {
  const { user, companyId, role, levels } = principal;
  const params = [...url.searchParams].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1,
  );
  return JSON.stringify([
    companyId,
    user.id,
    user.email,
    user.emailVerified,
    user.name,
    role,
    Object.entries(levels).sort(([a], [b]) => (a < b ? -1 : 1)),
    today,
    url.pathname,
    params,
  ]);
}

/** A request that asks for a fresh answer (`Cache-Control: no-cache` or `no-store`) skips the cache. */
const wantsFresh = (cacheControl: string | undefined) =>
  Boolean(cacheControl && /no-(cache|store)/i.test(cacheControl));

/**
 * Serves a GET route's 200 JSON answer from the cache while the company's data version is unchanged.
 * Only for routes whose answer is a function of the principal, the URL, the date and the company's rows
 * (no side effects, no other source).
 */
export function cachedRead(cache: ReadCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (wantsFresh(c.req.header('cache-control'))) return next();
    const url = new URL(c.req.url);
    if (url.pathname.length + url.search.length > MAX_URL_LENGTH) return next();
    const principal = c.get('principal');
    const key = keyOf(principal, url, new Date().toISOString().slice(0, 10));
    const { companyId, dataVersion } = principal;
    const hit = cache.get(companyId, key, dataVersion);
    if (hit !== undefined) {
      // The identity bytes; `compressResponses` negotiates the encoding and keeps the compressed copy.
      c.set('cachedBody', hit);
      return c.body(hit, 200, { 'content-type': 'application/json' });
    }
    await next();
    if (c.res.status === 200 && c.res.headers.get('content-type')?.startsWith('application/json')) {
      cache.set(companyId, key, dataVersion, new Uint8Array(await c.res.clone().arrayBuffer()));
    }
  });
}
