/**
 * The read cache (ADR 0046): the JSON answers of the heaviest product reads, kept in this process and
 * tagged with the company's data version. The session statement returns the current version with the
 * principal, so a hit costs that one round trip and nothing else; any committed change to the
 * company's rows (statement triggers, migration 0015) changes the version, and the next read misses.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Principal } from './app-env.ts';

interface Entry {
  /** The company's data version the answer was computed at (or after). */
  version: bigint;
  /** The JSON, encoded once: a hit writes these bytes as they are. */
  body: Uint8Array<ArrayBuffer>;
}

export interface ReadCacheOptions {
  /** Most answers kept; the least recently used goes first (default 5,000). */
  maxEntries?: number;
  /** Most bytes of JSON kept over all answers (default 64 MB). */
  maxBytes?: number;
}

export interface ReadCache {
  get(key: string, version: bigint): Uint8Array<ArrayBuffer> | undefined;
  set(key: string, version: bigint, body: Uint8Array<ArrayBuffer>): void;
  readonly size: number;
}

export function createReadCache({ maxEntries = 5_000, maxBytes = 64 * 1024 * 1024 }: ReadCacheOptions = {}) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.byteLength;
  };

  const cache: ReadCache = {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        // Computed before a change this request can see: never valid again (versions only grow).
        if (entry.version < version) remove(key, entry);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(key, version, body) {
      if (body.byteLength > maxBytes) return;
      const existing = entries.get(key);
      // A slower request that read an older version must not replace a newer answer.
      if (existing && existing.version > version) return;
      if (existing) remove(key, existing);
      entries.set(key, { version, body });
      bytes += body.byteLength;
      for (const [oldest, entry] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest, entry);
      }
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}

/**
 * Everything about the principal an answer may depend on, besides the company's rows: the same user
 * with another role, other levels or another name never shares an answer. The date (UTC, as the
 * services' "today") ends yesterday's answers.
 */
function keyOf(principal: Principal, url: string, today: string): string {
  const { user, companyId, role, levels } = principal;
  return JSON.stringify([
    companyId,
    user.id,
    user.email,
    user.emailVerified,
    user.name,
    role,
    levels,
    today,
    url,
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
    const principal = c.get('principal');
    const url = new URL(c.req.url);
    const key = keyOf(principal, url.pathname + url.search, new Date().toISOString().slice(0, 10));
    const version = principal.dataVersion;
    const hit = cache.get(key, version);
    if (hit !== undefined) {
      return c.body(hit, 200, { 'content-type': 'application/json' });
    }
    await next();
    if (c.res.status === 200 && c.res.headers.get('content-type')?.startsWith('application/json')) {
      cache.set(key, version, new Uint8Array(await c.res.clone().arrayBuffer()));
    }
  });
}
