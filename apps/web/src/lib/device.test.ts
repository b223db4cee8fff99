import { describe, expect, it } from 'vitest';
import { deviceKind, shouldRedirectToMobileHome, usesMobileLayout } from './device';

describe('breakpoints', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ] as const)('%i px is %s', (width, kind) => {
    expect(deviceKind(width)).toBe(kind);
  });

  it('uses the mobile layout on phones and portrait tablets only', () => {
    expect(usesMobileLayout({ width: 390, height: 844 })).toBe(true);
    expect(usesMobileLayout({ width: 820, height: 1180 })).toBe(true);
    expect(usesMobileLayout({ width: 1023, height: 768 })).toBe(false);
    expect(usesMobileLayout({ width: 1280, height: 800 })).toBe(false);
  });
});

describe('mobile redirect', () => {
  const phone = { width: 390, height: 844 };
  const desktop = { width: 1280, height: 800 };

  it('sends phones from desktop pages to /mobile-home', () => {
    for (const path of [
      '/',
      '/settings',
      '/employees',
      '/orders',
      '/company',
      '/hubspot',
      '/operations',
      '/unknown',
    ]) {
      expect(shouldRedirectToMobileHome(path, phone)).toBe(true);
    }
  });

  it('leaves the mobile pages, /auth and the pages the mobile pages link to alone', () => {
    for (const path of [
      '/mobile-home',
      '/mobile-absence',
      '/mobile-chat',
      '/auth',
      '/auth/callback',
      '/holidays',
      '/expenses',
      // The spec gives every signed-in user User Profile.
      '/profile',
    ]) {
      expect(shouldRedirectToMobileHome(path, phone)).toBe(false);
    }
  });

  it('never redirects a desktop', () => {
    expect(shouldRedirectToMobileHome('/settings', desktop)).toBe(false);
  });
});
