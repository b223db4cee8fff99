/** User Permissions: users by sections; edits are held pending until Save Changes (n) writes them all. */
import { ACCESS_LEVEL_LABELS, ACCESS_LEVELS, type AccessLevel, type SectionId } from '@hr/shared/permissions';
import { permissionKey, SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { useMemo, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { usePermissions } from '../api/get-permissions';
import { useSavePermissions } from '../api/save-permissions';

/** With no stored row a section is open to whatever the role allows (ADR 0004), shown as Full. */
const DEFAULT_LEVEL: AccessLevel = 'full';

export function PermissionsTab() {
  const permissions = usePermissions();
  const { data, isPending, isError } = permissions;
  const save = useSavePermissions();
  const [pending, setPending] = useState<
    Map<string, { userId: string; sectionId: SectionId; accessLevel: AccessLevel }>
  >(new Map());
  const stored = useMemo(
    () => new Map(data?.permissions.map((p) => [permissionKey(p.userId, p.sectionId), p.accessLevel])),
    [data],
  );

  if (isPending) return <Spinner label="Loading permissions" />;
  if (isError) return <LoadError title={SETTINGS_MESSAGES.someDataFailed} query={permissions} />;

  const levelOf = (userId: string, sectionId: string) =>
    pending.get(permissionKey(userId, sectionId))?.accessLevel ??
    stored.get(permissionKey(userId, sectionId)) ??
    DEFAULT_LEVEL;

  const change = (userId: string, sectionId: SectionId, accessLevel: AccessLevel) => {
    setPending((current) => {
      const next = new Map(current);
      const key = permissionKey(userId, sectionId);
      // Going back to the saved value is no change at all.
      if ((stored.get(key) ?? DEFAULT_LEVEL) === accessLevel) next.delete(key);
      else next.set(key, { userId, sectionId, accessLevel });
      return next;
    });
  };

  const submit = () =>
    save.mutate(
      { changes: [...pending.values()] },
      {
        onSuccess: () => {
          setPending(new Map());
          notify.success(SETTINGS_MESSAGES.permissionsSaved);
        },
        onError: (error) => notify.error(SETTINGS_MESSAGES.permissionsFailed, errorMessage(error)),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>User Permissions</CardTitle>
          <CardDescription>
            No Access hides a section, View is read-only, Admin can view and edit without creating, Full is
            unrestricted.
          </CardDescription>
        </div>
        {pending.size > 0 && (
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : `Save Changes (${pending.size})`}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {data.users.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users in this company yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="sticky left-0 z-10 bg-card">User</TableHead>
                {data.sections.map((s) => (
                  <TableHead key={s.id}>{s.displayName}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.users.map((user) => {
                const name = user.fullName || user.email;
                return (
                  <TableRow key={user.id}>
                    <TableCell className="sticky left-0 z-10 bg-card">
                      <span className="block font-medium">{name}</span>
                      <span className="block text-xs text-muted-foreground">{user.email}</span>
                    </TableCell>
                    {data.sections.map((section) => {
                      const key = permissionKey(user.id, section.id);
                      // The server's effective level: what the role and the stored level allow together.
                      const effective = user.effective[section.id] ?? 'no_access';
                      if (!user.editable || user.roleBlocked.includes(section.id)) {
                        return (
                          <TableCell key={section.id} data-testid={`access-${user.id}-${section.id}`}>
                            <span className="text-sm text-muted-foreground">
                              {user.roleBlocked.includes(section.id)
                                ? `${ACCESS_LEVEL_LABELS.no_access} (role)`
                                : `${ACCESS_LEVEL_LABELS[effective]} (role)`}
                            </span>
                          </TableCell>
                        );
                      }
                      return (
                        <TableCell key={section.id} data-testid={`access-${user.id}-${section.id}`}>
                          <NativeSelect
                            aria-label={`${section.displayName} access for ${name}`}
                            value={levelOf(user.id, section.id)}
                            onChange={(e) =>
                              change(user.id, section.id as SectionId, e.target.value as AccessLevel)
                            }
                            className={pending.has(key) ? 'min-w-32 border-primary' : 'min-w-32'}
                          >
                            {ACCESS_LEVELS.map((level) => (
                              <option key={level} value={level}>
                                {ACCESS_LEVEL_LABELS[level]}
                              </option>
                            ))}
                          </NativeSelect>
                        </TableCell>
                      );
                    })}
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
