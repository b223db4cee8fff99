/** /auth is for visitors only: a signed-in user goes on to where they came from, else to /. */
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { useMe } from '@/lib/session';

export function PublicOnly({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const { data: me, isPending } = useMe();
  if (isPending) return <FullPageSpinner />;
  if (me) return <Navigate to={safeRedirectTarget(params.get('redirectTo'))} replace />;
  return children;
}
