/**
 * The password-change dialog. On first login it is "Password Change Required" and cannot be
 * dismissed (Sign out is the only way out); otherwise it is "Change Password" with Cancel. The
 * current password is asked for as well (ADR 0052).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordRequestSchema } from '@hr/shared/auth/auth.schemas';
import { CHANGE_PASSWORD_MESSAGES } from '@hr/shared/auth/password-policy';
import { MESSAGES } from '@hr/shared/errors';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { useSignOut } from '../api/sign-out';

const passwordChangeFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: CHANGE_PASSWORD_MESSAGES.mismatch,
  })
  .refine((values) => !values.currentPassword || values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: MESSAGES.passwordUnchanged,
  });
type PasswordChangeValues = z.infer<typeof passwordChangeFormSchema>;

export interface PasswordChangeDialogProps {
  open: boolean;
  /** First login: the dialog cannot be cancelled or dismissed. */
  forced: boolean;
  onOpenChange: (open: boolean) => void;
}

const SERVER_FIELDS = ['currentPassword', 'newPassword'] as const;

export function PasswordChangeDialog({ open, forced, onOpenChange }: PasswordChangeDialogProps) {
  const changePassword = useChangePassword();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset();
    changePassword.reset();
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (data) => {
          notify.success(data?.message || MESSAGES.passwordUpdated);
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            for (const field of SERVER_FIELDS) {
              const message = error.fields[field];
              if (message) form.setError(field, { message });
            }
          }
          notify.error(errorMessage(error, MESSAGES.passwordUpdateFailed));
        },
      },
    );
  });

  const handleSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => navigate(paths.auth, { replace: true }),
      onError: () => notify.error('Error signing out'),
    });
  };

  const title = forced ? 'Password Change Required' : 'Change Password';
  const description = forced
    ? 'This is your first sign-in. Please choose a new password to continue.'
    : 'Choose a new password for your account.';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (forced && !next) return;
        if (!next) close();
        else onOpenChange(next);
      }}
    >
      <DialogContent
        hideClose={forced}
        onEscapeKeyDown={(event) => forced && event.preventDefault()}
        onPointerDownOutside={(event) => forced && event.preventDefault()}
        onInteractOutside={(event) => forced && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {/* Field errors (a wrong current password) show under their field instead. */}
          {changePassword.isError &&
            !(changePassword.error instanceof ApiError && changePassword.error.fields) && (
              <Alert variant="destructive">
                {errorMessage(changePassword.error, MESSAGES.passwordUpdateFailed)}
              </Alert>
            )}
          <FormField id="current-password" label="Current Password" error={errors.currentPassword?.message}>
            <PasswordInput
              id="current-password"
              autoComplete="current-password"
              {...fieldAria('current-password', errors.currentPassword?.message)}
              {...form.register('currentPassword')}
            />
          </FormField>
          <FormField id="new-password" label="New Password" error={errors.newPassword?.message}>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              {...fieldAria('new-password', errors.newPassword?.message)}
              {...form.register('newPassword')}
            />
          </FormField>
          <FormField
            id="confirm-new-password"
            label="Confirm New Password"
            error={errors.confirmPassword?.message}
          >
            <PasswordInput
              id="confirm-new-password"
              autoComplete="new-password"
              {...fieldAria('confirm-new-password', errors.confirmPassword?.message)}
              {...form.register('confirmPassword')}
            />
          </FormField>
          <DialogFooter>
            {forced && (
              <Button
                variant="outline"
                onClick={handleSignOut}
                disabled={signOut.isPending || changePassword.isPending}
              >
                Sign Out
              </Button>
            )}
            {!forced && (
              <Button variant="outline" onClick={close} disabled={changePassword.isPending}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={changePassword.isPending}>
              {changePassword.isPending ? 'Updating Password...' : 'Update Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default PasswordChangeDialog;
