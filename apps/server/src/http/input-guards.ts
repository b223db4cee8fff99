/**
 * Input every route refuses before a handler runs or a value reaches the database:
 * - NUL characters (PostgreSQL refuses `\u0000` in text, so they would surface as a 500): in the
 *   URL (`%00` in a path or query) by `rejectNulInUrl`, in a JSON body by `assertNoNul`, which
 *   `readJson` runs on every parsed body.
 * - Bodies over a size limit, refused while they stream in (`apiBodyLimit`), also without a session.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError, errors } from './app-error.ts';

export const NUL_MESSAGE = 'Text cannot contain NUL characters';
export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';

/** 400 when any string or key of a parsed JSON value holds a NUL character; walks without recursion. */
export function assertNoNul(value: unknown): void {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw nulError(path);
    } else if (Array.isArray(item)) {
      item.forEach((v, i) => {
        stack.push([v, path ? `${path}.${i}` : String(i)]);
      });
    } else if (item && typeof item === 'object') {
      for (const [k, v] of Object.entries(item)) {
        if (k.includes('\u0000')) throw nulError(path || '_');
        stack.push([v, path ? `${path}.${k}` : k]);
      }
    }
  }
}

function nulError(path: string): AppError {
  return errors.validation({ [path || '_']: NUL_MESSAGE }, NUL_MESSAGE);
}

/** `%00` anywhere in the URL (path or query string): 400 before routing can hand it to a handler. */
export const rejectNulInUrl: MiddlewareHandler = createMiddleware(async (c, next) => {
  if (/%00/i.test(c.req.url)) throw nulError('_');
  return next();
});

export const DEFAULT_BODY_MAX_BYTES = 1024 * 1024;

export interface BodyLimitRule {
  method: string;
  /** Matched against the whole request path. */
  path: RegExp;
  maxSize: number;
  /** The route's own 413 (e.g. the image upload's message); the generic one otherwise. */
  error?: () => AppError;
}

export function bodyTooLarge(): AppError {
  return new AppError(413, 'PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE);
}

/**
 * Caps every `/api` request body at `DEFAULT_BODY_MAX_BYTES`, or at the size of the first rule that
 * names its method and path. Hono's `bodyLimit` answers from Content-Length before reading; a
 * chunked body (no Content-Length) is counted while it streams and refused as soon as it passes
 * the limit, so at most `maxSize` bytes are ever held.
 */
export function apiBodyLimit(
  rules: BodyLimitRule[],
  defaultMaxSize = DEFAULT_BODY_MAX_BYTES,
): MiddlewareHandler {
  const limiter = (maxSize: number, error: () => AppError) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw error();
      },
    });
  const byRule = rules.map((rule) => ({ rule, limit: limiter(rule.maxSize, rule.error ?? bodyTooLarge) }));
  const fallback = limiter(defaultMaxSize, bodyTooLarge);
  return async (c: Context, next) => {
    // A GET or HEAD request has no body (Fetch's Request never carries one). Skipped before Hono's
    // `bodyLimit` asks for `c.req.raw.body`, which makes @hono/node-server build a full Request (an
    // AbortSignal, a body stream) for every read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const match = byRule.find(({ rule }) => rule.method === c.req.method && rule.path.test(c.req.path));
    return (match?.limit ?? fallback)(c, next);
  };
}
