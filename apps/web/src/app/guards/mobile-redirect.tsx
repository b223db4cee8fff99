/** Phones and portrait tablets only see the mobile pages (and /auth); anything else becomes /mobile-home. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { shouldRedirectToMobileHome, useViewport } from '@/lib/device';
import { paths } from '@/lib/paths';

export function MobileRedirect({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const viewport = useViewport();
  if (shouldRedirectToMobileHome(pathname, viewport)) return <Navigate to={paths.mobileHome} replace />;
  return children;
}
