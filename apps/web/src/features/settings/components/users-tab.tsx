/** User Management: Create New User, Active Users (role and remove) and Recently Created Users. */

import { hasAccessLevel } from '@hr/shared/permissions';
import { ASSIGNABLE_ROLES, type AssignableRole, roleLabel } from '@hr/shared/roles';
import { SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { KeyRound, Trash2, UserMinus } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  STICKY_ACTIONS,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useInvitations } from '../api/get-invitations';
import { useUsers } from '../api/get-users';
import { useRemoveUser } from '../api/remove-user';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useUpdateUserRole } from '../api/update-user-role';
import { ConfirmButton } from './confirm-button';
import { CreateUserDialog } from './create-user-dialog';
import { RoleSelect } from './role-select';
import { SecurityEventsCard } from './security-events-card';
import { SendInvitationDialog } from './send-invitation-dialog';

const isAssignable = (role: string | null): role is AssignableRole =>
  (ASSIGNABLE_ROLES as readonly string[]).includes(role ?? '');

export function UsersTab({
  currentUserId,
  showSecurityEvents,
  readOnly = false,
}: {
  currentUserId: string;
  /** Super admins (and developers) read the company's security events here. */
  showSecurityEvents: boolean;
  /** View level: the lists without the controls that change them (the server refuses them). */
  readOnly?: boolean;
}) {
  const { data: me } = useMe();
  // The employee-record choice reads Employee Management, which needs Employees at View.
  const canListEmployees = hasAccessLevel(me?.permissions.employees ?? 'no_access', 'view');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {!readOnly && (
        <div className="flex flex-wrap justify-end gap-2">
          <SendInvitationDialog canListEmployees={canListEmployees} />
          <CreateUserDialog />
        </div>
      )}
      <ActiveUsers currentUserId={currentUserId} readOnly={readOnly} />
      <RecentlyCreatedUsers readOnly={readOnly} />
      {showSecurityEvents && <SecurityEventsCard />}
    </div>
  );
}

function ActiveUsers({ currentUserId, readOnly }: { currentUserId: string; readOnly: boolean }) {
  const users = useUsers();
  const { data, isPending, isError } = users;
  const updateRole = useUpdateUserRole();
  const remove = useRemoveUser();
  const sendReset = useSendPasswordReset();

  const changeRole = (userId: string, role: AssignableRole) =>
    updateRole.mutate(
      { userId, role },
      {
        onSuccess: () => notify.success(SETTINGS_MESSAGES.roleUpdated),
        onError: (error) => notify.error(SETTINGS_MESSAGES.roleUpdateFailed, errorMessage(error)),
      },
    );

  const removeUser = (userId: string, email: string) =>
    remove.mutate(userId, {
      onSuccess: () => notify.success(SETTINGS_MESSAGES.userRemoved(email)),
      onError: (error) => notify.error(SETTINGS_MESSAGES.removeUserFailed, errorMessage(error)),
    });

  const resetPassword = (userId: string) =>
    sendReset.mutate(userId, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error('Failed to send the password reset email', errorMessage(error)),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Users</CardTitle>
        <CardDescription>Change a role or remove a user from the company.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading users" />
        ) : isError ? (
          <LoadError title={SETTINGS_MESSAGES.someDataFailed} query={users} />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Role</TableHead>
                <TableHead className={`text-right ${STICKY_ACTIONS}`}>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.users.map((user) => {
                const name = user.fullName || user.email;
                const editable = isAssignable(user.role);
                return (
                  <TableRow key={user.id}>
                    <TableCell>
                      <span className="block font-medium">{name}</span>
                      <span className="block text-xs text-muted-foreground">{user.email}</span>
                    </TableCell>
                    <TableCell>
                      {editable ? (
                        <RoleSelect
                          aria-label={`Role of ${name}`}
                          className="min-w-36"
                          value={user.role ?? 'operative'}
                          disabled={readOnly || updateRole.isPending}
                          onChange={(role) => changeRole(user.id, role)}
                        />
                      ) : (
                        <span className="text-sm">{user.role ? roleLabel(user.role) : 'No role'}</span>
                      )}
                    </TableCell>
                    <TableCell className={`text-right whitespace-nowrap ${STICKY_ACTIONS}`}>
                      {editable && !readOnly && user.id !== currentUserId && (
                        <ConfirmButton
                          label={`Reset password of ${name}`}
                          title="Reset password?"
                          description={`${name} will get an email at ${user.email} with a link to choose a new password. The link works once, within one hour. Their current password keeps working until they use it.`}
                          confirmLabel="Send Reset Email"
                          onConfirm={() => resetPassword(user.id)}
                          disabled={sendReset.isPending}
                        >
                          <KeyRound aria-hidden="true" />
                        </ConfirmButton>
                      )}
                      {editable && !readOnly && user.id !== currentUserId && (
                        <ConfirmButton
                          label={`Remove ${name}`}
                          title="Remove user?"
                          description={`${name} (${user.email}) will be signed out everywhere and lose access to this company. Their employee record and history are kept.`}
                          confirmLabel="Remove User"
                          onConfirm={() => removeUser(user.id, user.email)}
                          disabled={remove.isPending}
                        >
                          <UserMinus aria-hidden="true" />
                        </ConfirmButton>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function RecentlyCreatedUsers({ readOnly }: { readOnly: boolean }) {
  const invitations = useInvitations();
  const { data, isPending, isError } = invitations;
  const cancel = useCancelInvitation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recently Created Users</CardTitle>
        <CardDescription>
          Invitations not accepted yet, and users who have not signed in and changed their password yet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Spinner label="Loading recently created users" />
        ) : isError ? (
          <LoadError title={SETTINGS_MESSAGES.someDataFailed} query={invitations} />
        ) : data.invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recently created users.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Created</TableHead>
                <TableHead className={`text-right ${STICKY_ACTIONS}`}>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.invitations.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell>{invitation.email}</TableCell>
                  <TableCell>{roleLabel(invitation.role)}</TableCell>
                  <TableCell>{new Date(invitation.createdAt).toLocaleDateString()}</TableCell>
                  <TableCell className={`text-right whitespace-nowrap ${STICKY_ACTIONS}`}>
                    {!readOnly && (
                      <ConfirmButton
                        label={`Delete record for ${invitation.email}`}
                        title="Delete this record?"
                        description={`The pending record for ${invitation.email} will be deleted.`}
                        confirmLabel="Delete Record"
                        disabled={cancel.isPending}
                        onConfirm={() =>
                          cancel.mutate(invitation.id, {
                            onSuccess: () => notify.success(SETTINGS_MESSAGES.invitationCancelled),
                            onError: () => notify.error(SETTINGS_MESSAGES.cancelInvitationFailed),
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </ConfirmButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
