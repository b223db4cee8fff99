/**
 * Shows the password-change dialog over any screen: forced while the profile's first login is not
 * completed, and on request from the user menu otherwise. The dialog's code loads only when needed.
 */
import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react';
import type { Me } from '@/lib/session';

const PasswordChangeDialog = lazy(() => import('@/features/auth/components/password-change-dialog'));

const PasswordChangeContext = createContext<{ openChangePassword: () => void } | null>(null);

export function PasswordChangeProvider({ me, children }: { me: Me; children: ReactNode }) {
  const [requested, setRequested] = useState(false);
  const forced = !me.profile.firstLoginCompleted;
  const open = forced || requested;
  const value = useMemo(() => ({ openChangePassword: () => setRequested(true) }), []);
  return (
    <PasswordChangeContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <PasswordChangeDialog open={open} forced={forced} onOpenChange={setRequested} />
        </Suspense>
      )}
    </PasswordChangeContext.Provider>
  );
}

export function usePasswordChange() {
  const value = useContext(PasswordChangeContext);
  if (!value) throw new Error('usePasswordChange must be used within PasswordChangeProvider.');
  return value;
}
