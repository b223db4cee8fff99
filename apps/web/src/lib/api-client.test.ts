import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, errorMessage, parseRetryAfter, retryHint } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('Retry-After on a refused attempt', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('840')).toBe(840);
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('keeps the server message and says when to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'RATE_LIMITED', message: 'Too many login attempts. Please try again later.' },
            }),
            { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '841' } },
          ),
      ),
    );
    const error = await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: {} }).then(
      () => null,
      (e: unknown) => (e instanceof ApiError ? e : null),
    );
    if (!error) throw new Error('expected an ApiError');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.retryAfterSeconds).toBe(841);
    expect(retryHint(error)).toBe('Try again in 15 minutes.');
    expect(errorMessage(error)).toBe(
      'Too many login attempts. Please try again later. Try again in 15 minutes.',
    );
  });

  it('says one minute in the singular and nothing for other errors', () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many signup attempts. Please try again later.');
    limited.retryAfterSeconds = 30;
    expect(retryHint(limited)).toBe('Try again in 1 minute.');
    expect(retryHint(new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password'))).toBeNull();
    expect(errorMessage(new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password'))).toBe(
      'Invalid email or password',
    );
  });
});

describe('an error answer without a JSON body', () => {
  it("gives way to the caller's own message (Failed to update password)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    const error = await apiFetch('/api/v1/me/password', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'Failed to update password')).toBe('Failed to update password');
    // A message the server did send still wins.
    expect(
      errorMessage(new ApiError(400, 'VALIDATION', 'Password too short'), 'Failed to update password'),
    ).toBe('Password too short');
  });
});
