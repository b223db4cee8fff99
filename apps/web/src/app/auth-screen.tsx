/**
 * The sign-in page's screen: the Sign In and Sign Up tabs, the messages of the links that lead here,
 * and Forgot password?. Router-free and without TanStack Query, react-hook-form or Radix, so that
 * /auth can be built apart from the app (auth.html, `auth-entry.tsx`: prerendered and hydrated,
 * ADR 0125); the app's /auth route renders the same screen (`routes/auth-page.tsx`). The URL is the
 * caller's: it passes the query parameters in and hears of tab changes.
 */
import { RECOVERY_MESSAGES } from '@hr/shared/auth/recovery-messages';
import { type KeyboardEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button-classes';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { cn } from '@/lib/class-names';
import { usePageTitle } from '@/lib/page-title';
import { AppLogo } from './layouts/app-logo';

// Sign-up and the forgot-password form (zod, react-hook-form, TanStack Query) load when shown: the
// sign-in tab is what most visits need (ADRs 0105, 0125).
const SignUpPanel = lazy(() =>
  import('@/features/auth/components/rare-forms').then((m) => ({ default: m.SignUpPanel })),
);
const ForgotPasswordPanel = lazy(() =>
  import('@/features/auth/components/rare-forms').then((m) => ({ default: m.ForgotPasswordPanel })),
);
const formFallback = <p className="py-6 text-center text-sm text-muted-foreground">Loading...</p>;

export const EMAIL_VERIFIED_MESSAGE = 'Your email is verified. You can sign in now.';
const VERIFICATION_FAILED_MESSAGE = 'This verification link is invalid or has expired. Please sign up again.';

export type AuthTab = 'sign-in' | 'sign-up';

/** What the query parameters ask the page to show. */
export interface AuthView {
  tab: AuthTab;
  verified: boolean;
  verificationFailed: boolean;
  passwordReset: boolean;
}

export function authViewOf(params: URLSearchParams): AuthView {
  return {
    tab: params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in',
    verified: params.get('verified') === '1' && !params.get('error'),
    verificationFailed: Boolean(params.get('error')),
    passwordReset: params.get('reset') === '1',
  };
}

/** True when the parameters show the page as the build prerendered it (Sign In, no message). */
export function isPrerenderedView(params: URLSearchParams): boolean {
  const view = authViewOf(params);
  return view.tab === 'sign-in' && !view.verified && !view.verificationFailed && !view.passwordReset;
}

const TABS: ReadonlyArray<{ value: AuthTab; label: string }> = [
  { value: 'sign-in', label: 'Sign In' },
  { value: 'sign-up', label: 'Sign Up' },
];

const tabId = (tab: AuthTab) => `auth-tab-${tab}`;
const panelId = (tab: AuthTab) => `auth-panel-${tab}`;

export interface AuthScreenProps {
  params: URLSearchParams;
  onTabChange: (tab: AuthTab) => void;
  /** After the server has set the session (see SignInForm). */
  onSignedIn: () => unknown;
}

export function AuthScreen({ params, onTabChange, onSignedIn }: AuthScreenProps) {
  const { tab, verified, verificationFailed, passwordReset } = authViewOf(params);
  const [forgot, setForgot] = useState(false);
  // False in the prerendered HTML and on the first (hydrating) render: the buttons wait for the script.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  usePageTitle(forgot ? 'Forgot Password' : tab === 'sign-up' ? 'Sign Up' : 'Sign In');

  // The tabs' keyboard (WAI-ARIA tabs, automatic activation): arrows, Home and End move and select.
  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.value === tab);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next];
    if (!target) return;
    onTabChange(target.value);
    document.getElementById(tabId(target.value))?.focus();
  };

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <AppLogo className="size-12" />
          <h1 className="text-2xl font-bold">Northwind HR</h1>
          <p className="text-sm text-muted-foreground">Sign in to manage your team, holidays and more.</p>
        </div>
        {verified && (
          <Alert variant="success" className="mb-4">
            {EMAIL_VERIFIED_MESSAGE}
          </Alert>
        )}
        {passwordReset && (
          <Alert variant="success" className="mb-4">
            {RECOVERY_MESSAGES.resetDone}
          </Alert>
        )}
        {verificationFailed && (
          <Alert variant="destructive" className="mb-4">
            {VERIFICATION_FAILED_MESSAGE}
          </Alert>
        )}
        <Card>
          <CardHeader className="pb-2">
            <CardTitle className="sr-only">{tab === 'sign-up' ? 'Sign Up' : 'Sign In'}</CardTitle>
            <div
              role="tablist"
              aria-orientation="horizontal"
              onKeyDown={onTabKeyDown}
              className="grid min-h-10 w-full grid-cols-2 items-center rounded-md bg-muted p-1 text-muted-foreground"
            >
              {TABS.map(({ value, label }) => {
                const selected = value === tab;
                return (
                  <button
                    key={value}
                    type="button"
                    role="tab"
                    id={tabId(value)}
                    aria-selected={selected}
                    aria-controls={selected ? panelId(value) : undefined}
                    data-state={selected ? 'active' : 'inactive'}
                    tabIndex={selected ? 0 : -1}
                    disabled={!ready}
                    onClick={() => onTabChange(value)}
                    className={cn(
                      'inline-flex items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all',
                      'focus-visible:outline-2 focus-visible:outline-ring',
                      'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
                    )}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
          </CardHeader>
          <CardContent>
            <div
              role="tabpanel"
              id={panelId(tab)}
              aria-labelledby={tabId(tab)}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus (WAI-ARIA tabs), as Radix's did.
              tabIndex={0}
              className="mt-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              {tab === 'sign-up' ? (
                <>
                  <CardDescription className="mb-4">
                    Create an account for you and your company.
                  </CardDescription>
                  <Suspense fallback={formFallback}>
                    <SignUpPanel />
                  </Suspense>
                </>
              ) : forgot ? (
                <Suspense fallback={formFallback}>
                  <ForgotPasswordPanel onBack={() => setForgot(false)} />
                </Suspense>
              ) : (
                <>
                  <CardDescription className="mb-4">Enter your email and password.</CardDescription>
                  <SignInForm ready={ready} onSignedIn={onSignedIn} />
                  <button
                    type="button"
                    className={buttonClasses('link', 'default', 'mt-2 w-full')}
                    disabled={!ready}
                    onClick={() => setForgot(true)}
                  >
                    Forgot password?
                  </button>
                </>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
