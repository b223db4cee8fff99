import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AppErrorBoundary } from '../app-error-boundary';

/** The page area: a crash shows Application Error (reset on navigation); lazy pages show a spinner. */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary key={pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </AppErrorBoundary>
  );
}
