/** /auth/reset-password?token=: the page the reset email links to; sets the new password once. */
import { zodResolver } from '@hookform/resolvers/zod';
import { CHANGE_PASSWORD_MESSAGES } from '@hr/shared/auth/password-policy';
import { RECOVERY_MESSAGES, resetPasswordRequestSchema } from '@hr/shared/auth/recovery.schemas';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { AppLogo } from '../layouts/app-logo';

const PASSWORD_HINT =
  'At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

const formSchema = z
  .object({
    newPassword: resetPasswordRequestSchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: CHANGE_PASSWORD_MESSAGES.mismatch,
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export default function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => navigate(`${paths.auth}?reset=1`, { replace: true }),
        onError: (error) => {
          const message = error instanceof ApiError ? error.fields?.newPassword : undefined;
          if (message) form.setError('newPassword', { message });
        },
      },
    );
  });

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <AppLogo className="size-12" />
          <h1 className="text-2xl font-bold">Northwind HR</h1>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Choose a New Password</CardTitle>
            <CardDescription>The link from the email works once, within one hour.</CardDescription>
          </CardHeader>
          <CardContent>
            {token ? (
              <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
                {reset.isError && <Alert variant="destructive">{errorMessage(reset.error)}</Alert>}
                <FormField
                  id="reset-password"
                  label="New Password"
                  error={errors.newPassword?.message}
                  hint={PASSWORD_HINT}
                >
                  <PasswordInput
                    id="reset-password"
                    autoComplete="new-password"
                    {...fieldAria('reset-password', errors.newPassword?.message, PASSWORD_HINT)}
                    {...form.register('newPassword')}
                  />
                </FormField>
                <FormField
                  id="reset-confirm"
                  label="Confirm New Password"
                  error={errors.confirmPassword?.message}
                >
                  <PasswordInput
                    id="reset-confirm"
                    autoComplete="new-password"
                    {...fieldAria('reset-confirm', errors.confirmPassword?.message)}
                    {...form.register('confirmPassword')}
                  />
                </FormField>
                <Button type="submit" className="w-full" disabled={reset.isPending}>
                  {reset.isPending ? 'Resetting password...' : 'Reset Password'}
                </Button>
              </form>
            ) : (
              <Alert variant="destructive">{RECOVERY_MESSAGES.resetLinkInvalid}</Alert>
            )}
            <Button asChild variant="link" className="mt-2 w-full">
              <Link to={paths.auth}>Back to sign in</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
