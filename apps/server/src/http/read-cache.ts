/**
 * The read cache (ADR 0046, per area since ADR 0120): the JSON answers of the heaviest product reads,
 * kept in this process and tagged with the versions of the areas of the company's data they read
 * (`db/data-areas.ts`). The session statement returns every area's current version with the principal,
 * so a hit costs that one round trip and nothing else; a committed change to rows of an area (statement
 * triggers) changes that area's version, and the next read of an answer that depends on it misses.
 */
import { createMiddleware } from 'hono/factory';
import { LRUCache } from 'lru-cache';
import { DATA_AREAS, type DataArea, type DataVersions } from '../db/data-areas.ts';
import type { AppEnv, Principal } from './app-env.ts';

interface Entry {
  company: string;
  /** The areas the answer depends on. */
  areas: readonly DataArea[];
  /** Their versions the answer was computed at (or after), in the order of `areas`. */
  tag: readonly bigint[];
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
  /** The answer stored under `key`, when every area it depends on is still at the version it was stored at. */
  get(company: string, key: string, versions: DataVersions): Uint8Array<ArrayBuffer> | undefined;
  /** Stores an answer computed from the company's data at `versions` that reads only `areas`. */
  set(
    company: string,
    key: string,
    versions: DataVersions,
    areas: readonly DataArea[],
    body: Uint8Array<ArrayBuffer>,
  ): void;
  readonly size: number;
}

/**
 * How a stored tag compares with the versions of a request: the same in every area (a hit), older in
 * some area (a change the answer does not show: never valid again), or newer (the request read its
 * session before a commit the answer saw).
 */
function compare(entry: Pick<Entry, 'areas' | 'tag'>, versions: DataVersions): 'same' | 'older' | 'newer' {
  let newer = false;
  for (const [i, area] of entry.areas.entries()) {
    const stored = entry.tag[i] as bigint;
    if (stored < versions[area]) return 'older';
    if (stored > versions[area]) newer = true;
  }
  return newer ? 'newer' : 'same';
}

export function createReadCache({ maxEntries = 5_000, maxBytes = 64 * 1024 * 1024 }: ReadCacheOptions = {}) {
  // lru-cache keeps the recency order and evicts the least recently used past either bound: the entry
  // count, or the bytes of the bodies and keys (each entry's `bytes`).
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.bytes,
  });
  /** The highest versions seen per company: one going down means the database went back in time. */
  const highest = new Map<string, DataVersions>();

  /**
   * Versions only grow while the database moves forward. A lower one than already seen in any area (a
   * restore, a failover to a replica that missed commits) would let a later version match an answer
   * about data that no longer exists: forget everything the company had.
   */
  const observe = (company: string, versions: DataVersions) => {
    const seen = highest.get(company);
    if (seen !== undefined && DATA_AREAS.some((area) => versions[area] < seen[area])) {
      const stale = [...entries.entries()].filter(([, entry]) => entry.company === company);
      for (const [key] of stale) entries.delete(key);
    }
    if (seen === undefined || DATA_AREAS.some((area) => versions[area] !== seen[area])) {
      if (seen === undefined && highest.size >= 100_000) highest.clear();
      highest.set(company, versions);
    }
  };

  const cache: ReadCache = {
    get(company, key, versions) {
      observe(company, versions);
      const entry = entries.peek(key);
      if (!entry) return undefined;
      const age = compare(entry, versions);
      if (age !== 'same') {
        // Computed before a change this request can see: never valid again.
        if (age === 'older') entries.delete(key);
        return undefined;
      }
      // A hit makes the entry the most recently used.
      return entries.get(key)?.body;
    },
    set(company, key, versions, areas, body) {
      const size = body.byteLength + key.length * 2;
      if (size > maxBytes) return;
      const existing = entries.peek(key);
      // A slower request that read older versions must not replace a newer answer.
      if (existing && compare(existing, versions) === 'newer') return;
      entries.set(key, { company, areas, tag: areas.map((area) => versions[area]), body, bytes: size });
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}

/** Longest path and query cached: longer ones are answered, not kept. */
const MAX_URL_LENGTH = 512;
/** Encodes a stored miss's JSON text (one encoder for the process: it holds no state). */
const utf8 = new TextEncoder();

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

export interface CachedReadOptions {
  /**
   * The areas of the company's data the answer reads (ADR 0120): every table it reads, directly or
   * through the services it calls, must belong to one of them. Left out: every area, so any change of
   * the company's rows ends the answer (ADR 0046).
   */
  dependsOn?: readonly DataArea[];
}

/**
 * Serves a GET route's 200 JSON answer from the cache while the versions of the areas it depends on
 * are unchanged. Only for routes whose answer is a function of the principal, the URL, the date and the
 * company's rows in those areas (no side effects, no other source).
 */
export function cachedRead(cache: ReadCache, { dependsOn = DATA_AREAS }: CachedReadOptions = {}) {
  const areas = DATA_AREAS.filter((area) => dependsOn.includes(area));
  return createMiddleware<AppEnv>(async (c, next) => {
    if (wantsFresh(c.req.header('cache-control'))) return next();
    const url = new URL(c.req.url);
    if (url.pathname.length + url.search.length > MAX_URL_LENGTH) return next();
    const principal = c.get('principal');
    const key = keyOf(principal, url, new Date().toISOString().slice(0, 10));
    const { companyId, dataVersions } = principal;
    const hit = cache.get(companyId, key, dataVersions);
    if (hit !== undefined) {
      // The identity bytes; `compressResponses` negotiates the encoding and keeps the compressed copy.
      c.set('cachedBody', hit);
      return c.body(hit, 200, { 'content-type': 'application/json' });
    }
    // The answer's text as the handler's `c.json` writes it, kept for the cache: reading it back from
    // the response would need `c.res.clone()`, which builds the full Response and tees its body (about
    // 0.2 ms of server CPU a miss, docs/performance.md). The same arguments reach `c.body` as Hono's own
    // `c.json` gives it (`JSON.stringify`, the JSON content type unless the handler names one).
    let written: { text: string; res: Response } | undefined;
    const json = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      const res = (c.body as (...args: unknown[]) => Response)(text, arg, {
        'Content-Type': 'application/json',
        ...headers,
      });
      written = { text, res };
      return res;
    };
    c.json = json as typeof c.json;
    await next();
    if (c.res.status === 200 && c.res.headers.get('content-type')?.startsWith('application/json')) {
      // Another response than the one `c.json` made (none of the cached routes does that) is read back.
      const body =
        written?.res === c.res
          ? utf8.encode(written.text)
          : new Uint8Array(await c.res.clone().arrayBuffer());
      cache.set(companyId, key, dataVersions, areas, body as Uint8Array<ArrayBuffer>);
    }
  });
}
