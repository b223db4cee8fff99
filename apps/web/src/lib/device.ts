/** Breakpoints (spec: under 768 mobile, 768-1023 tablet, 1024 and up desktop) and the mobile redirect rule. */
import { useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

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

/**
 * What decides the phone layout: the device, not the window. A desktop browser narrowed below
 * 768 px is still a desktop (its page stays, with its unsaved edits). For a touch screen the size is
 * the smaller of the screen and the window (a tablet's split view, or an emulated phone whose
 * `screen` still reports the host's monitor).
 */
export interface Device {
  /** `(pointer: coarse)`: the primary pointer is a finger. */
  coarsePointer: boolean;
  width: number;
  height: number;
}

/** Phones (either way up) and portrait tablets get the mobile layout; mice and trackpads never do. */
export function usesMobileLayout({ coarsePointer, width, height }: Device): boolean {
  if (!coarsePointer) return false;
  if (deviceKind(Math.min(width, height)) === 'mobile') return true;
  return deviceKind(width) === 'tablet' && height > width;
}

/** The device this page runs on, as `usesMobileLayout` reads it. */
export function currentDevice(): Device {
  const coarsePointer =
    typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const screenWidth = window.screen?.width || window.innerWidth;
  const screenHeight = window.screen?.height || window.innerHeight;
  return {
    coarsePointer,
    width: Math.min(screenWidth, window.innerWidth),
    height: Math.min(screenHeight, window.innerHeight),
  };
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
export function shouldRedirectToMobileHome(pathname: string, device: Device): boolean {
  return usesMobileLayout(device) && !isMobileAllowedPath(pathname);
}

/**
 * Whether this page uses the phone layout. It is decided again only when the path changes: turning
 * a tablet round (or resizing anything) never swaps the layout under a form, which would remount
 * it and lose what was typed, nor redirects away from it; the next navigation picks it up.
 */
export function useMobileLayout(): boolean {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the device on navigation only.
  return useMemo(() => usesMobileLayout(currentDevice()), [pathname]);
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
