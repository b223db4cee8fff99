/**
 * /auth/callback: where the Slack, OneDrive and Google Drive sign-in popups land. It hands the
 * provider's answer (code and state, or error) to the window that opened it, then closes.
 */
import { useEffect, useState } from 'react';
import { OAUTH_MESSAGE_TYPE, type OauthCallbackMessage } from '@/lib/oauth-popup';
import { usePageTitle } from '@/lib/page-title';

export default function AuthCallbackPage() {
  usePageTitle('Connecting');
  const [handedOver, setHandedOver] = useState<boolean | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const message: OauthCallbackMessage = {
      type: OAUTH_MESSAGE_TYPE,
      code: params.get('code'),
      state: params.get('state'),
      error: params.get('error'),
    };
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      setHandedOver(false);
      return;
    }
    // Same origin only: the code never goes to another site's window.
    opener.postMessage(message, window.location.origin);
    setHandedOver(true);
    window.close();
  }, []);

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-xl font-semibold">Sign-in</h1>
      <p className="text-sm text-muted-foreground">
        {handedOver === false
          ? 'This sign-in window was not opened from the app. Please start again from Settings.'
          : 'Finishing sign-in... You can close this window.'}
      </p>
    </main>
  );
}
