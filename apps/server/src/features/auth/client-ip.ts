/** The caller's IP: from the socket, and from X-Forwarded-For only behind a trusted proxy (TRUST_PROXY). */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // In-process requests (tests) have no socket.
    return null;
  }
}
