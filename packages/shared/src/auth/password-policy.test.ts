import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema, signUpRequestSchema } from './auth.schemas.ts';
import { SIGN_UP_PASSWORD_MESSAGES as M, signUpPasswordProblems } from './password-policy.ts';

describe('sign-up password policy', () => {
  it.each([
    ['Abcdefgh1234!', []],
    ['Ab1!', [M.tooShort]],
    ['abcdefgh1234!', [M.uppercase]],
    ['ABCDEFGH1234!', [M.lowercase]],
    ['Abcdefghijkl!', [M.number]],
    ['Abcdefgh12345', [M.special]],
    ['', [M.tooShort, M.uppercase, M.lowercase, M.number, M.special]],
  ])('%s breaks %j', (password, expected) => {
    expect(signUpPasswordProblems(password)).toEqual(expected);
  });

  it('uses the spec wording', () => {
    expect(M.tooShort).toBe('Password must be at least 12 characters long');
    expect(M.special).toBe('Password must contain at least one special character');
  });

  it('reports the first broken rule on the sign-up request and normalises the email', () => {
    const ok = signUpRequestSchema.safeParse({
      name: 'A',
      companyName: 'B',
      email: '  Me@Example.COM ',
      password: 'Abcdefgh1234!',
    });
    expect(ok.success && ok.data.email).toBe('me@example.com');
    const bad = signUpRequestSchema.safeParse({
      name: 'A',
      companyName: 'B',
      email: 'me@example.com',
      password: 'abcdefgh1234!',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(M.uppercase);
  });

  it('rejects unknown fields and over-long values', () => {
    expect(
      signUpRequestSchema.safeParse({
        name: 'A',
        companyName: 'B',
        email: 'a@b.co',
        password: 'Abcdefgh1234!',
        role: 'developer',
      }).success,
    ).toBe(false);
    expect(
      signUpRequestSchema.safeParse({
        name: 'x'.repeat(500),
        companyName: 'B',
        email: 'a@b.co',
        password: 'Abcdefgh1234!',
      }).success,
    ).toBe(false);
  });
});

describe('change-password policy', () => {
  it('needs 6 characters', () => {
    expect(
      changePasswordRequestSchema.safeParse({ currentPassword: 'old', newPassword: '12345' }).error?.issues[0]
        ?.message,
    ).toBe('Password must be at least 6 characters long');
    expect(
      changePasswordRequestSchema.safeParse({ currentPassword: 'old', newPassword: '123456' }).success,
    ).toBe(true);
  });

  it('needs the current password', () => {
    expect(changePasswordRequestSchema.safeParse({ newPassword: '123456' }).error?.issues[0]?.message).toBe(
      'Please enter your current password',
    );
    expect(
      changePasswordRequestSchema.safeParse({ currentPassword: '', newPassword: '123456' }).error?.issues[0]
        ?.message,
    ).toBe('Please enter your current password');
  });
});
