/**
 * Sonner's `<Toaster>`, mounted from the first toast on (it loads with it, ADR 0105): the app's
 * providers and the sign-in page's own entry (ADR 0125) both render it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadSonner, toastsRequested } from '@/lib/toast';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));
const none = () => false;

export function AppToaster() {
  const toasts = useSyncExternalStore(toastsRequested.subscribe, toastsRequested.get, none);
  if (!toasts) return null;
  // Bottom right, clear of the header's bell and user menu and of dialogs' close buttons (top
  // right); on phones above the bottom tab bar (about 4 rem tall).
  return (
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
  );
}
