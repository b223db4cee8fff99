/**
 * The Sign In form, hand-written (no react-hook-form, no TanStack Query): it is the sign-in page's
 * first chunk, prerendered into /auth's HTML and hydrated (ADR 0125). The inputs are uncontrolled, so
 * what is typed before the page hydrates stays; the buttons are disabled until then (`ready`), so
 * nothing is submitted without the script. Validation is the shared schema, loaded on first focus
 * and at the latest on submit (ADR 0105).
 */
import { normalizeEmail } from '@hr/shared/auth/email';
import { MESSAGES } from '@hr/shared/error-messages';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button-classes';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { signIn } from '../api/sign-in';
import type { SignInErrors, SignInValues } from '../sign-in-validation';
import { ResendVerification } from './resend-verification';

const loadValidation = () => import('../sign-in-validation');

export interface SignInFormProps {
  /** False until the page has hydrated: the submit button stays disabled. */
  ready: boolean;
  /**
   * Called once the server has set the session; the button reads Signing in... until the returned
   * promise settles (the sign-in page's own entry never settles it: it leaves with a page load).
   */
  onSignedIn: () => unknown;
}

export function SignInForm({ ready, onSignedIn }: SignInFormProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; email: string } | null>(null);
  // After the first submit, every edit checks the fields again (as react-hook-form did).
  const submitted = useRef(false);

  const currentInput = () => ({
    email: emailRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });

  const recheck = async () => {
    if (!submitted.current) return;
    const { checkSignIn } = await loadValidation();
    const check = checkSignIn(currentInput());
    setErrors(check.ok ? {} : check.errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    submitted.current = true;
    let values: SignInValues;
    try {
      const { checkSignIn } = await loadValidation();
      const check = checkSignIn(currentInput());
      if (!check.ok) {
        setErrors(check.errors);
        const first: RefObject<HTMLInputElement | null> = check.errors.email ? emailRef : passwordRef;
        first.current?.focus();
        return;
      }
      values = check.values;
    } catch (error) {
      // The validation chunk did not load (offline): say so like any failed request.
      setFailure({ error, email: currentInput().email });
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      await signIn(values);
      await onSignedIn();
    } catch (error) {
      setFailure({ error, email: values.email });
    }
    setPending(false);
  };

  const shown = failure ? errorMessage(failure.error) : null;

  return (
    <form
      method="post"
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadValidation().catch(() => {})}
      onInput={() => void recheck().catch(() => {})}
      noValidate
      className="grid gap-4"
      aria-label="Sign in"
    >
      {shown && <Alert variant="destructive">{shown}</Alert>}
      {/* As before ADR 0125: the refusal's 403 is shared with a leaver's, so the text tells them apart. */}
      {failure && shown === MESSAGES.emailNotVerified && <ResendVerification email={failure.email} />}
      <FormField id="signin-email" label="Email" error={errors.email}>
        <Input
          ref={emailRef}
          id="signin-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...fieldAria('signin-email', errors.email)}
          onBlur={(event) => {
            event.currentTarget.value = normalizeEmail(event.currentTarget.value);
          }}
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password}>
        <PasswordInput
          ref={passwordRef}
          id="signin-password"
          name="password"
          autoComplete="current-password"
          {...fieldAria('signin-password', errors.password)}
        />
      </FormField>
      <button
        type="submit"
        className={buttonClasses('default', 'default', 'w-full')}
        disabled={!ready || pending}
      >
        {pending ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
