/**
 * Session tokens live in the httpOnly cookie only: Better Auth also puts them in JSON answers
 * (sign-in's `token`, a session's `token`), where a script on the page could read them. These are
 * taken out of every Better Auth answer that reaches the browser.
 */

const TOKEN_KEYS = new Set(['token', 'accessToken', 'refreshToken', 'idToken']);

/** A copy of a JSON value without token fields, at any depth. */
export function stripTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTokens);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).flatMap(([k, v]) => (TOKEN_KEYS.has(k) ? [] : [[k, stripTokens(v)]])),
    );
  }
  return value;
}

/** The response with its JSON body stripped of tokens; other bodies, headers and status unchanged. */
export async function withoutTokens(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(stripTokens(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
