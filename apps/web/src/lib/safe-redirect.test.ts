import { describe, expect, it } from 'vitest';
import { authPathFor, safeRedirectTarget } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it('accepts same-origin paths', () => {
    expect(safeRedirectTarget('/settings?tab=users')).toBe('/settings?tab=users');
  });

  it('refuses other sites, protocol-relative URLs and the auth page', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth',
      '/auth?x=1',
    ]) {
      expect(safeRedirectTarget(bad)).toBe('/');
    }
    expect(safeRedirectTarget(null)).toBe('/');
  });

  it('builds the auth URL that leads back', () => {
    expect(authPathFor('/')).toBe('/auth');
    expect(authPathFor('/holidays?type=sick')).toBe('/auth?redirectTo=%2Fholidays%3Ftype%3Dsick');
  });
});
