import { createMiddleware } from 'hono/factory';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** The headers every response carries, for a request to `pathname` over `https` or not. */
function headersFor(pathname: string, https: boolean): [string, string][] {
  // The OAuth callback page runs in a popup that came back from the provider's site: any COOP there
  // would cut it off from its opener, and it must post the code back to the opener.
  const oauthCallback = pathname === '/auth/callback';
  const headers: [string, string][] = [
    ['Content-Security-Policy', CSP],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Cross-Origin-Opener-Policy', oauthCallback ? 'unsafe-none' : 'same-origin-allow-popups'],
  ];
  if (https) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/**
 * Set before the handler runs, so a response made with `c.json`/`c.body` is built with them once, and
 * a handler may tighten one (stored files get a sandbox CSP). Setting a header on a finished response
 * makes Hono copy the response (and @hono/node-server then streams its body instead of writing it in
 * one go): that is left for responses a handler returned as they are (Better Auth's, the SPA's
 * files), which do not carry the prepared headers. Referrer-Policy, set only here, tells them apart.
 */
export const securityHeaders = createMiddleware(async (c, next) => {
  const headers = headersFor(c.req.path, c.req.url.startsWith('https:'));
  for (const [name, value] of headers) c.header(name, value);
  await next();
  if (!c.res.headers.has('Referrer-Policy')) {
    for (const [name, value] of headers) c.header(name, value);
  }
});
