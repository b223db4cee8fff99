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

export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  c.header('Content-Security-Policy', CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  // The OAuth callback page runs in a popup that came back from the provider's site: any COOP there
  // would cut it off from its opener, and it must post the code back to the opener.
  const oauthCallback = new URL(c.req.url).pathname === '/auth/callback';
  c.header('Cross-Origin-Opener-Policy', oauthCallback ? 'unsafe-none' : 'same-origin-allow-popups');
  if (new URL(c.req.url).protocol === 'https:') {
    c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
});
