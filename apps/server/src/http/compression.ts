/**
 * Response compression (ADR 0104): the encoding is negotiated from `Accept-Encoding` (brotli before
 * gzip, q-values honoured, identity when nothing fits). The built web app ships `.br` and `.gz` files
 * next to its assets (made at build time, `http/spa.ts` serves them); HTML and JSON answers, calendar
 * feeds and CSV downloads (ADR 0136) are compressed here, on the fly, over a size threshold. Never
 * compressed: the live notification stream (`text/event-stream`, which must reach the browser event by
 * event), answers already encoded, other downloads (`Content-Disposition`: stored files), partial
 * content and `Cache-Control: no-transform`.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.ts';

export type Encoding = 'br' | 'gzip';

/** The encodings the server offers, in its order of preference. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** Smaller answers are sent as they are: the encoding's framing would cost more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/** Larger answers are sent as they are rather than held in memory to be compressed. */
const MAX_COMPRESSED_BODY = 8 * 1024 * 1024;

/**
 * Types worth compressing on the fly: JSON, HTML, text, CSS, JavaScript, SVG, iCalendar and CSV.
 * `text/event-stream` is deliberately not among them.
 */
const COMPRESSIBLE_TYPE =
  /^\s*(?:application\/(?:json|javascript|[\w.-]+\+json)|text\/(?:html|plain|css|javascript|calendar|csv)|image\/svg\+xml)\s*(?:;|$)/i;

/**
 * Downloads (`Content-Disposition`) compressed all the same: the calendar feeds and the CSV files
 * (reports, the audit export, the import template), text the client decodes before it saves or
 * reads it (ADR 0136). Any other download (a stored document or image) goes out as it is.
 */
const COMPRESSIBLE_DOWNLOAD_TYPE = /^\s*text\/(?:calendar|csv)\s*(?:;|$)/i;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/** Longest Accept-Encoding read: a real one is a few dozen characters. */
const MAX_ACCEPT_ENCODING = 1024;

/**
 * The encoding to answer with, from the request's `Accept-Encoding` and what is `offered` (in the
 * server's order of preference), or null for identity. The highest q wins, the server's order breaks
 * ties; `q=0` refuses an encoding, `*` stands for every encoding not named.
 */
export function negotiateEncoding(
  header: string | undefined | null,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.slice(0, MAX_ACCEPT_ENCODING).split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      q = value !== undefined && /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    // A name given twice keeps its first weight (as most servers read it).
    if (!weights.has(name)) weights.set(name, q);
  }
  const wildcard = weights.get('*');
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of offered) {
    const q = weights.get(encoding) ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses `body` with `encoding`, on libuv's thread pool (the event loop keeps serving). Brotli at
 * quality 5 and gzip at level 6: most of the saving for a fraction of the maximum settings' time.
 */
export async function compressBody(body: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  const out =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzipAsync(body, { level: 6 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Adds `Accept-Encoding` to a response's `Vary` unless it is there already (or `Vary: *`). */
export function varyOnAcceptEncoding(headers: Headers): void {
  const current = headers.get('Vary');
  if (current && VARY_ACCEPT_ENCODING.test(current)) return;
  headers.set('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compressed copies of read-cache hits (`cachedRead` hands the cached bytes over in the context): a
 * hit is compressed once per encoding, not per request, and a copy goes with its cache entry.
 */
const compressedCopies = new WeakMap<Uint8Array, Partial<Record<Encoding, Uint8Array>>>();

async function compressedCopyOf(body: Uint8Array, encoding: Encoding, shared: boolean) {
  if (!shared) return compressBody(body, encoding);
  const copies = compressedCopies.get(body) ?? {};
  const existing = copies[encoding];
  if (existing) return existing;
  const made = await compressBody(body, encoding);
  copies[encoding] = made;
  compressedCopies.set(body, copies);
  return made;
}

/** Compresses the app's answers on the fly, as the module comment says. */
export function compressResponses({ threshold = COMPRESSION_THRESHOLD }: { threshold?: number } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD') return;
    if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return;
    const headers = res.headers;
    if (headers.has('Content-Encoding')) return;
    const type = headers.get('Content-Type');
    if (!type || !COMPRESSIBLE_TYPE.test(type)) return;
    if (headers.has('Content-Disposition') && !COMPRESSIBLE_DOWNLOAD_TYPE.test(type)) return;
    if (NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return;
    const declared = headers.get('Content-Length');
    if (declared !== null && (Number(declared) < threshold || Number(declared) > MAX_COMPRESSED_BODY)) {
      return;
    }
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) {
      // Sent as it is, untouched (no copy of the body); another request may get it compressed.
      try {
        varyOnAcceptEncoding(headers);
        return;
      } catch {
        // Immutable headers (a fetched or redirect response): copied below.
      }
    }
    // `res.body` is read only here, not above: on @hono/node-server's lightweight response it builds
    // a full Response with a body stream, which an answer sent as it is does not need.
    if (!res.body) return;
    const cached = c.get('cachedBody');
    const body = cached ?? new Uint8Array(await res.arrayBuffer());
    const out = new Headers(headers);
    let sent: Uint8Array = body;
    if (body.byteLength >= threshold && body.byteLength <= MAX_COMPRESSED_BODY) {
      // Whether this answer is compressed depends on the request's Accept-Encoding: shared caches
      // must keep one copy per encoding.
      varyOnAcceptEncoding(out);
      if (encoding) {
        sent = await compressedCopyOf(body, encoding, cached !== undefined);
        out.set('Content-Encoding', encoding);
        const etag = out.get('ETag');
        // The compressed bytes are another representation: a strong validator would claim otherwise.
        if (etag && !etag.startsWith('W/')) out.set('ETag', `W/${etag}`);
      }
    }
    out.set('Content-Length', String(sent.byteLength));
    c.res = undefined;
    c.res = new Response(sent as Uint8Array<ArrayBuffer>, { status: res.status, headers: out });
  });
}
