/**
 * Send invitation (ADR 0101): email, role and, optionally, the employee record the invitee takes on
 * acceptance. The invitee chooses their own password from the emailed link (7 days, once).
 */
import { INVITATION_MESSAGES, sendInvitationRequestSchema } from '@hr/shared/invitations/invitations.schemas';
import type { AssignableRole } from '@hr/shared/roles';
import { Mail } from 'lucide-react';
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
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { firstMessageByField } from '@/lib/field-errors';
import { notify } from '@/lib/toast';
import { useSendInvitation } from '../api/send-invitation';
import { useUnlinkedEmployees } from '../api/unlinked-employees';
import { RoleSelect } from './role-select';

const EMPTY = { email: '', role: 'operative' as AssignableRole, employeeRecordId: '' };

export function SendInvitationDialog({ canListEmployees }: { canListEmployees: boolean }) {
  const ids = { email: useId(), role: useId(), employee: useId() };
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendInvitation();
  const employees = useUnlinkedEmployees(open && canListEmployees);

  const reset = () => {
    setForm(EMPTY);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, employeeRecordId: form.employeeRecordId || null };
    const parsed = sendInvitationRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(body, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        reset();
        setOpen(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
        }
        notify.error(INVITATION_MESSAGES.sendFailed, errorMessage(error));
      },
    });
  };

  const chooseEmployee = (id: string) => {
    const chosen = employees.data?.find((e) => e.id === id);
    setForm((f) => ({ ...f, employeeRecordId: id, email: f.email || chosen?.email || '' }));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Mail aria-hidden="true" />
          {INVITATION_MESSAGES.sendInvitation}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{INVITATION_MESSAGES.sendInvitation}</DialogTitle>
          <DialogDescription>
            The person gets an email with a link to choose their own password. The link works once, within 7
            days.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {canListEmployees && (
            <div className="grid gap-2">
              <Label htmlFor={ids.employee}>Employee record (optional)</Label>
              <NativeSelect
                id={ids.employee}
                value={form.employeeRecordId}
                disabled={employees.isPending || employees.isError}
                aria-invalid={errors.employeeRecordId ? true : undefined}
                aria-describedby={errors.employeeRecordId ? `${ids.employee}-error` : undefined}
                onChange={(e) => chooseEmployee(e.target.value)}
              >
                <option value="">
                  {employees.isError ? 'Employee records could not be loaded' : 'Match by email address'}
                </option>
                {employees.data?.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.fullName} ({e.email})
                  </option>
                ))}
              </NativeSelect>
              {errors.employeeRecordId && (
                <p id={`${ids.employee}-error`} className="text-sm text-destructive">
                  {errors.employeeRecordId}
                </p>
              )}
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              id={ids.email}
              type="email"
              value={form.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${ids.email}-error` : undefined}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              onBlur={(e) => setForm({ ...form, email: e.target.value.trim().toLowerCase() })}
              autoComplete="off"
            />
            {errors.email && (
              <p id={`${ids.email}-error`} className="text-sm text-destructive">
                {errors.email}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.role}>Role</Label>
            <RoleSelect id={ids.role} value={form.role} onChange={(role) => setForm({ ...form, role })} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : INVITATION_MESSAGES.sendInvitation}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
