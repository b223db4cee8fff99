import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createQueryClient, installSessionEndHandler } from '@/lib/query-client';
import { loadSonner, toastsRequested } from '@/lib/toast';

// Its own chunk, loaded with the first toast (ADR 0105).
const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

export function AppProviders({
  children,
  client,
}: {
  children: ReactNode;
  /** The app's client, made before the router so the first page's reads start early (ADR 0130). */
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useEffect(() => installSessionEndHandler(queryClient), [queryClient]);
  const toasts = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.get, toastsRequested.get);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Bottom right, clear of the header's bell and user menu and of dialogs' close buttons (top
          right); on phones above the bottom tab bar (about 4 rem tall). */}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster
            position="bottom-right"
            offset={{ bottom: 24, right: 24 }}
            mobileOffset={{ bottom: 88 }}
            closeButton
            richColors
            // A modal dialog sets pointer-events: none on <body>; the toasts stay clickable (their close
            // buttons) above it. The dialog ignores those clicks (components/ui/dialog.tsx).
            style={{ pointerEvents: 'auto' }}
          />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
