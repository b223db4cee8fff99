/**
 * Opens a session for a user who has just proved who they are another way (an invitation link and
 * the password they chose with it, ADR 0101): Better Auth's own e-mail sign-in, run in-process, so
 * the session and its signed cookie are exactly a normal sign-in's. Answers the Set-Cookie values.
 */
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';

export async function sessionCookiesFor(
  auth: Auth,
  request: Request,
  credentials: { email: string; password: string },
  ipAddress: string | null,
): Promise<string[]> {
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.delete(CLIENT_IP_HEADER);
  headers.delete('content-length');
  if (ipAddress) headers.set(CLIENT_IP_HEADER, ipAddress);
  const url = new URL('/api/auth/sign-in/email', request.url);
  const response = await auth.handler(
    new Request(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...credentials, rememberMe: true }),
    }),
  );
  if (!response.ok) return [];
  return response.headers.getSetCookie();
}
