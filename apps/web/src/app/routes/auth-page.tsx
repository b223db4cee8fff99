/**
 * /auth inside the app: reached by a navigation in the app (a protected page's guard, Sign Out, an
 * ended session), which keeps the app's toasts. A page load of /auth gets the sign-in page built
 * apart (auth.html, ADR 0125) with the same screen. Signed in, the session query is read again and
 * PublicOnly sends the visitor on.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { meQueryKey } from '@/lib/session';
import { AuthScreen, type AuthTab } from '../auth-screen';

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();

  const selectTab = (value: AuthTab) => {
    const next = new URLSearchParams(params);
    if (value === 'sign-up') next.set('tab', 'sign-up');
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  return (
    <AuthScreen
      params={params}
      onTabChange={selectTab}
      // Awaited, so the button keeps its busy label until the session is known.
      onSignedIn={() => queryClient.refetchQueries({ queryKey: meQueryKey })}
    />
  );
}
