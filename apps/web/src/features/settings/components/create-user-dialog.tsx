/** Create New User: full name, email, password (6+) and role; resets and closes on success. */
import type { AssignableRole } from '@hr/shared/roles';
import { createUserRequestSchema, SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { firstMessageByField } from '@/lib/field-errors';
import { notify } from '@/lib/toast';
import { useCreateUser } from '../api/create-user';
import { RoleSelect } from './role-select';

const EMPTY = { fullName: '', email: '', password: '', role: 'operative' as AssignableRole };

export function CreateUserDialog() {
  const ids = { name: useId(), email: useId(), password: useId(), role: useId() };
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateUser();

  const reset = () => {
    setForm(EMPTY);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createUserRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(form, {
      onSuccess: () => {
        notify.success(SETTINGS_MESSAGES.userCreated(parsed.data.fullName));
        reset();
        setOpen(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setErrors({ email: SETTINGS_MESSAGES.userExists });
          notify.error(SETTINGS_MESSAGES.userExists);
        } else {
          notify.error(SETTINGS_MESSAGES.createUserFailed, errorMessage(error));
        }
      },
    });
  };

  const field = (id: string, key: keyof typeof EMPTY) => ({
    id,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  });
  const errorText = (id: string, key: keyof typeof EMPTY) =>
    errors[key] ? (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Create New User
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New User</DialogTitle>
          <DialogDescription>
            The user signs in with this password and must change it at first sign-in.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Full Name</Label>
            <Input
              {...field(ids.name, 'fullName')}
              value={form.fullName}
              onChange={(e) => setForm({ ...form, fullName: e.target.value })}
              autoComplete="off"
            />
            {errorText(ids.name, 'fullName')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              {...field(ids.email, 'email')}
              type="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              onBlur={(e) => setForm({ ...form, email: e.target.value.trim().toLowerCase() })}
              autoComplete="off"
            />
            {errorText(ids.email, 'email')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.password}>Password</Label>
            <PasswordInput
              {...field(ids.password, 'password')}
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              autoComplete="new-password"
            />
            {errorText(ids.password, 'password')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.role}>Role</Label>
            <RoleSelect id={ids.role} value={form.role} onChange={(role) => setForm({ ...form, role })} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
