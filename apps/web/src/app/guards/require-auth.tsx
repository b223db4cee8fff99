/**
 * The gate of every protected route: a spinner while the session loads, /auth (with the way back)
 * when nobody is signed in, otherwise the app shell with the password-change dialog over it. A
 * session that fails to load is the spec's toast "Failed to load user profile", with a retry page.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { authPathFor } from '@/lib/safe-redirect';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';

export const PROFILE_LOAD_FAILED = 'Failed to load user profile';

/** The shell's chunk: asked for as soon as a protected route renders, in parallel with the session. */
const loadShell = () => import('../signed-in-shell');
const SignedInShell = lazy(loadShell);

export function RequireAuth() {
  const location = useLocation();
  const { data: me, isPending, isError, error, refetch, errorUpdatedAt } = useMe();

  useEffect(() => {
    void loadShell();
  }, []);

  // Once per failure (errorUpdatedAt changes with each one), not on every render.
  useEffect(() => {
    if (isError && errorUpdatedAt) notify.error(PROFILE_LOAD_FAILED, errorMessage(error));
  }, [isError, errorUpdatedAt, error]);

  if (isPending) return <FullPageSpinner />;
  if (isError) {
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="text-xl font-semibold">We could not load your account</h1>
        <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
        <Button onClick={() => void refetch()}>Try again</Button>
      </main>
    );
  }
  if (!me) {
    return <Navigate to={authPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInShell me={me} />
    </Suspense>
  );
}
