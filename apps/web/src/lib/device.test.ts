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

  const touch = (width: number, height: number) => ({ coarsePointer: true, width, height });
  const mouse = (width: number, height: number) => ({ coarsePointer: false, width, height });

  it('uses the mobile layout on phones (either way up) and portrait tablets only', () => {
    expect(usesMobileLayout(touch(390, 844))).toBe(true);
    expect(usesMobileLayout(touch(844, 390))).toBe(true);
    expect(usesMobileLayout(touch(820, 1180))).toBe(true);
    expect(usesMobileLayout(touch(1180, 820))).toBe(false);
    expect(usesMobileLayout(touch(1280, 800))).toBe(false);
  });

  it('never uses the mobile layout with a mouse, however small the screen or window', () => {
    // A desktop window narrowed to 700 px (or a small laptop screen) keeps the desktop layout.
    expect(usesMobileLayout(mouse(700, 800))).toBe(false);
    expect(usesMobileLayout(mouse(390, 844))).toBe(false);
    expect(usesMobileLayout(mouse(820, 1180))).toBe(false);
  });
});

describe('mobile redirect', () => {
  const phone = { coarsePointer: true, width: 390, height: 844 };
  const desktop = { coarsePointer: false, width: 1280, height: 800 };

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

  it('never redirects a desktop, even in a narrow window', () => {
    expect(shouldRedirectToMobileHome('/settings', desktop)).toBe(false);
    expect(shouldRedirectToMobileHome('/settings', { ...desktop, width: 700 })).toBe(false);
  });
});
