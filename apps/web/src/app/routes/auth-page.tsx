/** /auth: the Sign In and Sign Up tabs. */
import { RECOVERY_MESSAGES } from '@hr/shared/auth/recovery-messages';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { usePageTitle } from '@/lib/page-title';
import { AppLogo } from '../layouts/app-logo';

// Sign-up and the forgot-password form (and the zod schemas they validate with) load when shown:
// the sign-in tab is what most visits need (ADR 0105).
const SignUpForm = lazy(() =>
  import('@/features/auth/components/sign-up-form').then((m) => ({ default: m.SignUpForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('@/features/auth/components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);
const formFallback = <p className="py-6 text-center text-sm text-muted-foreground">Loading...</p>;

export const EMAIL_VERIFIED_MESSAGE = 'Your email is verified. You can sign in now.';
const VERIFICATION_FAILED_MESSAGE = 'This verification link is invalid or has expired. Please sign up again.';

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sign-up' ? 'sign-up' : 'sign-in';
  const verified = params.get('verified') === '1' && !params.get('error');
  const verificationFailed = Boolean(params.get('error'));
  const passwordReset = params.get('reset') === '1';
  const [forgot, setForgot] = useState(false);
  usePageTitle(forgot ? 'Forgot Password' : tab === 'sign-up' ? 'Sign Up' : 'Sign In');

  const selectTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'sign-up') next.set('tab', 'sign-up');
    else next.delete('tab');
    setParams(next, { replace: true });
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
          <Tabs value={tab} onValueChange={selectTab}>
            <CardHeader className="pb-2">
              <CardTitle className="sr-only">{tab === 'sign-up' ? 'Sign Up' : 'Sign In'}</CardTitle>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="sign-in">Sign In</TabsTrigger>
                <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
              </TabsList>
            </CardHeader>
            <CardContent>
              <TabsContent value="sign-in" className="mt-2">
                {forgot ? (
                  <Suspense fallback={formFallback}>
                    <ForgotPasswordForm onBack={() => setForgot(false)} />
                  </Suspense>
                ) : (
                  <>
                    <CardDescription className="mb-4">Enter your email and password.</CardDescription>
                    <SignInForm />
                    <Button
                      type="button"
                      variant="link"
                      className="mt-2 w-full"
                      onClick={() => setForgot(true)}
                    >
                      Forgot password?
                    </Button>
                  </>
                )}
              </TabsContent>
              <TabsContent value="sign-up" className="mt-2">
                <CardDescription className="mb-4">
                  Create an account for you and your company.
                </CardDescription>
                <Suspense fallback={formFallback}>
                  <SignUpForm />
                </Suspense>
              </TabsContent>
            </CardContent>
          </Tabs>
        </Card>
      </div>
    </main>
  );
}
