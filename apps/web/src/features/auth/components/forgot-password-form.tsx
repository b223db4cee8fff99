/** "Forgot password?" on the sign-in tab: asks for the email and has the reset link mailed. */
import { zodResolver } from '@hookform/resolvers/zod';
import { normalizeEmail } from '@hr/shared/auth/auth.schemas';
import { type RequestPasswordReset, requestPasswordResetSchema } from '@hr/shared/auth/recovery.schemas';
import type { FocusEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

type FormInput = z.input<typeof requestPasswordResetSchema>;

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordReset();
  const form = useForm<FormInput, unknown, RequestPasswordReset>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
      <p className="text-sm text-muted-foreground">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      {request.isSuccess && <Alert variant="success">{request.data.message}</Alert>}
      {request.isError && <Alert variant="destructive">{errorMessage(request.error)}</Alert>}
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...fieldAria('forgot-email', errors.email?.message)}
          {...form.register('email', {
            onBlur: (event: FocusEvent<HTMLInputElement>) =>
              form.setValue('email', normalizeEmail(event.target.value)),
          })}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? 'Sending reset link...' : 'Send Reset Link'}
      </Button>
      <Button type="button" variant="link" className="justify-self-center" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
