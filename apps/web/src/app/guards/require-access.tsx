/**
 * Shows the page only to roles and section permissions that may use it, else Access Denied: with the
 * page's own sentence when the role is kept out, with the spec's section sentence when it is the
 * user's access level (a Super Admin set to No Access).
 */
import { lazy, type ReactNode } from 'react';
import { type AccessRule, deniedBy } from '@/lib/access';
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
  const denied = deniedBy(me, rule);
  if (denied) return <AccessDenied message={denied === 'role' ? deniedMessage : undefined} />;
  return children;
}
