/**
 * /auth/accept-invitation?token=: the page an invitation email links to (ADR 0101). Shows the company
 * and address, asks for the invitee's name and own password, then lands them signed in on the
 * dashboard. A used, expired or cancelled link says so.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CHANGE_PASSWORD_MESSAGES } from '@hr/shared/auth/password-policy';
import {
  acceptInvitationRequestSchema,
  INVITATION_MESSAGES,
} from '@hr/shared/invitations/invitations.schemas';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useAcceptInvitation, useInvitationLookup } from '@/features/auth/api/invitation';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { AppLogo } from '../layouts/app-logo';

const PASSWORD_HINT =
  'At least 12 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

const formSchema = z
  .object({
    fullName: acceptInvitationRequestSchema.shape.fullName,
    password: acceptInvitationRequestSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: CHANGE_PASSWORD_MESSAGES.mismatch,
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export default function AcceptInvitationPage() {
  usePageTitle('Accept Invitation');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const lookup = useInvitationLookup(token);
  const accept = useAcceptInvitation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { fullName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const suggestedName = lookup.data?.fullName;

  useEffect(() => {
    if (suggestedName && !form.getValues('fullName')) form.setValue('fullName', suggestedName);
  }, [suggestedName, form]);

  const onSubmit = form.handleSubmit(({ fullName, password }) => {
    accept.mutate(
      { token, fullName, password },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          navigate(paths.home, { replace: true });
        },
      },
    );
  });

  const body = () => {
    if (!token) return <Alert variant="destructive">{INVITATION_MESSAGES.linkUnknown}</Alert>;
    if (lookup.isPending) return <Spinner label="Checking the invitation" />;
    if (lookup.isError) return <Alert variant="destructive">{errorMessage(lookup.error)}</Alert>;
    return (
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Accept the invitation">
        <p className="text-sm">
          You are joining <strong>{lookup.data.companyName}</strong> as{' '}
          <strong className="break-all">{lookup.data.email}</strong>.
        </p>
        {accept.isError && <Alert variant="destructive">{errorMessage(accept.error)}</Alert>}
        <FormField id="invite-name" label="Full Name" error={errors.fullName?.message}>
          <Input
            id="invite-name"
            autoComplete="name"
            {...fieldAria('invite-name', errors.fullName?.message)}
            {...form.register('fullName')}
          />
        </FormField>
        <FormField
          id="invite-password"
          label="Password"
          error={errors.password?.message}
          hint={PASSWORD_HINT}
        >
          <PasswordInput
            id="invite-password"
            autoComplete="new-password"
            {...fieldAria('invite-password', errors.password?.message, PASSWORD_HINT)}
            {...form.register('password')}
          />
        </FormField>
        <FormField id="invite-confirm" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput
            id="invite-confirm"
            autoComplete="new-password"
            {...fieldAria('invite-confirm', errors.confirmPassword?.message)}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={accept.isPending}>
          {accept.isPending ? 'Signing in...' : 'Set Password and Sign In'}
        </Button>
      </form>
    );
  };

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <AppLogo className="size-12" />
          <h1 className="text-2xl font-bold">Northwind HR</h1>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Accept Your Invitation</CardTitle>
            <CardDescription>Choose your password to sign in. The link works once.</CardDescription>
          </CardHeader>
          <CardContent>
            {body()}
            <Button asChild variant="link" className="mt-2 w-full">
              <Link to={paths.auth}>Back to sign in</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
