import { normalizeEmail } from '@hr/shared/auth/email';
import { MESSAGES } from '@hr/shared/error-messages';
import type { FocusEvent } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '../api/sign-in';
import type { SignInFormInput, SignInFormOutput } from '../sign-in-resolver';
import { ResendVerification } from './resend-verification';

/** The validation (and zod) loads once the form is first focused, or at the latest on submit. */
const loadValidation = () => import('../sign-in-resolver');
const resolver: Resolver<SignInFormInput, unknown, SignInFormOutput> = async (values, context, options) =>
  (await loadValidation()).signInResolver(values, context, options);

export function SignInForm() {
  const signIn = useSignIn();
  const form = useForm<SignInFormInput, unknown, SignInFormOutput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    signIn.mutate(values);
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadValidation()}
      noValidate
      className="grid gap-4"
      aria-label="Sign in"
    >
      {signIn.isError && <Alert variant="destructive">{errorMessage(signIn.error)}</Alert>}
      {signIn.isError && errorMessage(signIn.error) === MESSAGES.emailNotVerified && (
        <ResendVerification email={form.getValues('email')} />
      )}
      <FormField id="signin-email" label="Email" error={errors.email?.message}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...fieldAria('signin-email', errors.email?.message)}
          {...form.register('email', {
            onBlur: (event: FocusEvent<HTMLInputElement>) =>
              form.setValue('email', normalizeEmail(event.target.value)),
          })}
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          id="signin-password"
          autoComplete="current-password"
          {...fieldAria('signin-password', errors.password?.message)}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
