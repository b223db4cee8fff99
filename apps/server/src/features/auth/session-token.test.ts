import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionNeedsRefresh, verifiedSessionToken } from './session-token.ts';

const secret = 'a-test-secret-of-some-length-0123456789';
const sign = (token: string, key = secret) =>
  `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

describe('verifiedSessionToken', () => {
  it('returns the token of a cookie signed with the server secret', () => {
    expect(verifiedSessionToken(sign('abc.DEF_123'), secret)).toBe('abc.DEF_123');
  });

  it('refuses a missing, unsigned, forged or tampered cookie', () => {
    expect(verifiedSessionToken(undefined, secret)).toBeNull();
    expect(verifiedSessionToken('', secret)).toBeNull();
    expect(verifiedSessionToken('token-without-signature', secret)).toBeNull();
    expect(verifiedSessionToken('.signature-only', secret)).toBeNull();
    expect(verifiedSessionToken(sign('abc', 'another-secret'), secret)).toBeNull();
    const signed = sign('abc');
    expect(verifiedSessionToken(`abd${signed.slice(3)}`, secret)).toBeNull();
    expect(verifiedSessionToken(`${signed}x`, secret)).toBeNull();
  });
});

describe('sessionNeedsRefresh', () => {
  const config = { expiresIn: 7 * 86_400, updateAge: 86_400 };
  const now = Date.UTC(2026, 10, 23, 12);

  it('is false for a session extended less than updateAge ago', () => {
    expect(sessionNeedsRefresh(new Date(now + 7 * 86_400_000 - 1000), config, now)).toBe(false);
    expect(sessionNeedsRefresh(new Date(now + 6 * 86_400_000 + 1000), config, now)).toBe(false);
  });

  it('is true once updateAge has passed since the expiry was last set', () => {
    expect(sessionNeedsRefresh(new Date(now + 6 * 86_400_000), config, now)).toBe(true);
    expect(sessionNeedsRefresh(new Date(now + 86_400_000), config, now)).toBe(true);
  });
});
