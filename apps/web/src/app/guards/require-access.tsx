/** Shows the page only to roles and section permissions that may use it, else Access Denied. */
import { lazy, type ReactNode } from 'react';
import { type AccessRule, canUse } from '@/lib/access';
import { useMe } from '@/lib/session';

// Loaded on demand: it brings the shared message catalogue (and with it zod) along.
const AccessDenied = lazy(() => import('./access-denied'));

export function RequireAccess({
  rule,
  deniedMessage,
  children,
}: {
  rule: AccessRule;
  deniedMessage?: string;
  children: ReactNode;
}) {
  const { data: me } = useMe();
  if (!canUse(me, rule)) return <AccessDenied message={deniedMessage} />;
  return children;
}
