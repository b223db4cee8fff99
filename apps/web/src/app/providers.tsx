import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient, installSessionEndHandler } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => installSessionEndHandler(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Bottom right, clear of the header's bell and user menu and of dialogs' close buttons (top
          right); on phones above the bottom tab bar (about 4 rem tall). */}
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
    </QueryClientProvider>
  );
}
