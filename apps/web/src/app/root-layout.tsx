import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AppUpdatePrompt } from '@/features/app-update/components/app-update-prompt';
import { CrossAppReturn } from '@/features/cross-app/components/cross-app-return';
import { MobileRedirect } from './guards/mobile-redirect';
import { NavigationHistoryProvider } from './navigation-history';

/** Wraps every route: the mobile redirect, the visit history and the update prompt. */
export function RootLayout() {
  return (
    <NavigationHistoryProvider>
      <MobileRedirect>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </MobileRedirect>
      <AppUpdatePrompt />
      <CrossAppReturn />
    </NavigationHistoryProvider>
  );
}
