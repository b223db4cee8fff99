/**
 * The sign-in page built apart from the app (ADR 0125): the screen, its URL kept by hand (no router),
 * and a full page load to the way back once signed in. `auth-entry.tsx` hydrates it over the HTML the
 * build prerendered (`auth-prerender.tsx`).
 */
import { CROSS_APP_MESSAGES, CROSS_APP_PARAM } from '@hr/shared/cross-app/cross-app-constants';
import { useEffect, useState } from 'react';
import { AppToaster } from '@/components/app-toaster';
import { apiFetch } from '@/lib/api-client';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { notify } from '@/lib/toast';
import { AuthScreen, type AuthTab } from './auth-screen';

/** Where a signed-in visitor goes: the `redirectTo` of the URL if it is safe, else /. */
export function returnTarget(search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get('redirectTo'));
}

/** How the page leaves; a seam for the tests. */
export const leave = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};

/**
 * The session read, after the form has painted: a signed-in visitor is sent on (replacing /auth in
 * the history, as the app's guard does). True when someone is signed in; any failure counts as no.
 */
export async function sendOnIfSignedIn(search: string): Promise<boolean> {
  try {
    await apiFetch('/api/v1/me');
  } catch {
    return false;
  }
  leave.replace(returnTarget(search));
  return true;
}

/** The URL of this page with the tab in it (the other parameters kept). */
export function urlWithTab(href: string, tab: AuthTab): string {
  const url = new URL(href);
  if (tab === 'sign-up') url.searchParams.set('tab', 'sign-up');
  else url.searchParams.delete('tab');
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface AuthEntryAppProps {
  /** The query string the page opened with ('' when prerendering). */
  initialSearch: string;
  /** The session read under way (none when prerendering). */
  signedIn?: Promise<boolean>;
}

export function AuthEntryApp({ initialSearch, signedIn }: AuthEntryAppProps) {
  const [search, setSearch] = useState(initialSearch);

  // A sister app's link that needs a session ends here while nobody is signed in: the app's own
  // toast says so (CrossAppReturn does the same inside the app).
  useEffect(() => {
    if (!new URLSearchParams(initialSearch).get(CROSS_APP_PARAM)) return;
    void signedIn?.then((yes) => {
      if (!yes) notify.error(CROSS_APP_MESSAGES.authRequired);
    });
  }, [initialSearch, signedIn]);

  const onTabChange = (tab: AuthTab) => {
    const next = urlWithTab(window.location.href, tab);
    window.history.replaceState(window.history.state, '', next);
    setSearch(new URL(next, window.location.origin).search);
  };

  const onSignedIn = () => {
    leave.assign(returnTarget(window.location.search));
    // The page is going: the button keeps its busy label until it has.
    return new Promise<never>(() => {});
  };

  return (
    <>
      <AuthScreen params={new URLSearchParams(search)} onTabChange={onTabChange} onSignedIn={onSignedIn} />
      <AppToaster />
    </>
  );
}
