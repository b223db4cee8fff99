/** Phones and portrait tablets (the device, not the window: lib/device.ts) only see the mobile pages (and /auth); anything else becomes /mobile-home. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isMobileAllowedPath, useMobileLayout } from '@/lib/device';
import { paths } from '@/lib/paths';

export function MobileRedirect({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const mobileLayout = useMobileLayout();
  if (mobileLayout && !isMobileAllowedPath(pathname)) return <Navigate to={paths.mobileHome} replace />;
  return children;
}
