/** Breakpoints (spec: under 768 mobile, 768-1023 tablet, 1024 and up desktop) and the mobile redirect rule. */
import { useSyncExternalStore } from 'react';

export type DeviceKind = 'mobile' | 'tablet' | 'desktop';

export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

export function deviceKind(width: number): DeviceKind {
  if (width < BREAKPOINTS.tablet) return 'mobile';
  if (width < BREAKPOINTS.desktop) return 'tablet';
  return 'desktop';
}

export interface Viewport {
  width: number;
  height: number;
}

/** Phones and portrait tablets get the mobile layout. */
export function usesMobileLayout({ width, height }: Viewport): boolean {
  const kind = deviceKind(width);
  return kind === 'mobile' || (kind === 'tablet' && height > width);
}

/**
 * Paths a phone may open. The spec allows the mobile pages and /auth; the holiday and expense
 * pages are added because the mobile pages link to them (without them those links would bounce
 * back to /mobile-home), and /profile because the spec gives every signed-in user User Profile.
 * Company Details, Settings, HubSpot and the workshop stay desktop-only (ADR 0062).
 */
const MOBILE_ALLOWED = [
  '/mobile-home',
  '/mobile-holiday',
  '/mobile-absence',
  '/mobile-expense',
  '/mobile-chat',
  '/auth',
  '/holidays',
  '/expenses',
  '/profile',
];

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isMobileAllowedPath(pathname: string): boolean {
  return MOBILE_ALLOWED.some((prefix) => matchesPrefix(pathname, prefix));
}

/** True when a phone or portrait tablet must be sent to /mobile-home instead of `pathname`. */
export function shouldRedirectToMobileHome(pathname: string, viewport: Viewport): boolean {
  return usesMobileLayout(viewport) && !isMobileAllowedPath(pathname);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

// A string snapshot keeps useSyncExternalStore stable between renders.
const snapshot = () => `${window.innerWidth}x${window.innerHeight}`;
const serverSnapshot = () => '1280x800';

export function useViewport(): Viewport {
  const value = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const [width, height] = value.split('x').map(Number);
  return { width: width ?? 1280, height: height ?? 800 };
}
