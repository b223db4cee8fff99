import { zodResolver } from '@hookform/resolvers/zod';
import { normalizeEmail, signUpRequestSchema } from '@hr/shared/auth/auth.schemas';
import { CHANGE_PASSWORD_MESSAGES } from '@hr/shared/auth/password-policy';
import { MESSAGES } from '@hr/shared/errors';
import type { FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';

const signUpFormSchema = signUpRequestSchema
  .omit({ callbackURL: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: CHANGE_PASSWORD_MESSAGES.mismatch,
  });
type SignUpFormInput = z.input<typeof signUpFormSchema>;
type SignUpFormOutput = z.output<typeof signUpFormSchema>;

const PASSWORD_HINT =
  'At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

const SERVER_FIELDS = ['name', 'companyName', 'email', 'password'] as const;

export function SignUpForm() {
  const signUp = useSignUp();
  const form = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', companyName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');
  const confirmPassword = form.watch('confirmPassword');
  const mismatch = confirmPassword.length > 0 && password !== confirmPassword;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    signUp.mutate(body, {
      onSuccess: () => form.reset(),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const field of SERVER_FIELDS) {
            const message = error.fields[field];
            if (message) form.setError(field, { message });
          }
        }
      },
    });
  });

  const confirmError = mismatch ? undefined : errors.confirmPassword?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      {signUp.isSuccess && <Alert variant="success">{signUp.data?.message || MESSAGES.signUpSuccess}</Alert>}
      {signUp.isError && <Alert variant="destructive">{errorMessage(signUp.error)}</Alert>}
      <FormField id="signup-name" label="Full Name" error={errors.name?.message}>
        <Input
          id="signup-name"
          autoComplete="name"
          {...fieldAria('signup-name', errors.name?.message)}
          {...form.register('name')}
        />
      </FormField>
      <FormField id="signup-company" label="Company Name" error={errors.companyName?.message}>
        <Input
          id="signup-company"
          autoComplete="organization"
          {...fieldAria('signup-company', errors.companyName?.message)}
          {...form.register('companyName')}
        />
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...fieldAria('signup-email', errors.email?.message)}
          {...form.register('email', {
            onBlur: (event: FocusEvent<HTMLInputElement>) =>
              form.setValue('email', normalizeEmail(event.target.value)),
          })}
        />
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          {...fieldAria('signup-password', errors.password?.message, PASSWORD_HINT)}
          {...form.register('password')}
        />
      </FormField>
      <FormField id="signup-confirm" label="Confirm Password" error={confirmError}>
        <PasswordInput
          id="signup-confirm"
          autoComplete="new-password"
          {...fieldAria('signup-confirm', confirmError)}
          {...form.register('confirmPassword')}
        />
      </FormField>
      {mismatch && <Alert variant="destructive">{CHANGE_PASSWORD_MESSAGES.mismatch}</Alert>}
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
