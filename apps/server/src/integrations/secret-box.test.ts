import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const secret = 'a-test-auth-secret-that-is-long-enough-0123';

describe('secret box', () => {
  it('round-trips and never contains the plaintext', () => {
    const box = createSecretBox(secret);
    const sealed = box.seal('xoxp-raw-token');
    expect(sealed).not.toContain('xoxp');
    expect(box.open(sealed)).toBe('xoxp-raw-token');
    expect(box.seal('xoxp-raw-token')).not.toBe(sealed);
  });

  it('refuses a tampered ciphertext or another key', () => {
    const box = createSecretBox(secret);
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = [
      ...parts.slice(0, 3),
      `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`,
    ].join('.');
    expect(() => box.open(flipped)).toThrow();
    expect(() => createSecretBox(`${secret}-other`).open(sealed)).toThrow();
    expect(() => box.open('garbage')).toThrow();
  });
});
