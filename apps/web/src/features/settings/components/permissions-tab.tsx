/** User Permissions: users by sections; edits are held pending until Save Changes (n) writes them all. */
import { ACCESS_LEVEL_LABELS, ACCESS_LEVELS, type AccessLevel, type SectionId } from '@hr/shared/permissions';
import { permissionKey, SETTINGS_MESSAGES } from '@hr/shared/settings/settings.schemas';
import { useCallback, useMemo, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import {
  STICKY_FIRST,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { usePermissions } from '../api/get-permissions';
import { useSavePermissions } from '../api/save-permissions';

/** With no stored row a section is open to whatever the role allows (ADR 0004), shown as Full. */
const DEFAULT_LEVEL: AccessLevel = 'full';

/** `readOnly` (View level): the grid's levels shown in disabled selects, and no Save. */
export function PermissionsTab({ readOnly = false }: { readOnly?: boolean }) {
  const permissions = usePermissions();
  const { data, isPending, isError } = permissions;
  const save = useSavePermissions();
  const [pending, setPending] = useState<
    Map<string, { userId: string; sectionId: SectionId; accessLevel: AccessLevel }>
  >(new Map());
  // Whether more sections sit to the right of the visible part of the grid (the fade cue).
  const [moreRight, setMoreRight] = useState(false);
  const measure = useCallback((el: HTMLElement | null) => {
    if (el) setMoreRight(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);
  const scrollerRef = useCallback(
    (table: HTMLTableElement | null) => {
      const el = table?.parentElement ?? null;
      if (!el) return;
      const update = () => measure(el);
      update();
      el.addEventListener('scroll', update, { passive: true });
      // jsdom has no ResizeObserver; every browser the app supports does.
      const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
      observer?.observe(el);
      return () => {
        el.removeEventListener('scroll', update);
        observer?.disconnect();
      };
    },
    [measure],
  );
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
        {!readOnly && pending.size > 0 && (
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : `Save Changes (${pending.size})`}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {data.users.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users in this company yet.</p>
        ) : (
          // Twelve sections are wider than any window: the user column stays pinned, the header
          // row stays on top, and the scrollbars are always drawn (not overlay bars that appear
          // only while scrolling) so it is plain that more sections sit to the right.
          <div className="relative">
            <Table
              ref={scrollerRef}
              aria-label="User permissions"
              containerClassName="scroll-cue max-h-[70vh] overflow-auto rounded-md border"
            >
              <TableHeader className="sticky top-0 z-20 bg-card">
                <TableRow className="hover:bg-transparent">
                  <TableHead className={`z-30 ${STICKY_FIRST}`}>User</TableHead>
                  {data.sections.map((s) => (
                    <TableHead key={s.id} className="h-auto! py-2 leading-tight whitespace-normal!">
                      {s.displayName}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.users.map((user) => {
                  const name = user.fullName || user.email;
                  return (
                    <TableRow key={user.id}>
                      <TableCell className={`max-w-48 ${STICKY_FIRST}`}>
                        <span className="block truncate font-medium">{name}</span>
                        <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
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
                              disabled={readOnly}
                              onChange={(e) =>
                                change(user.id, section.id as SectionId, e.target.value as AccessLevel)
                              }
                              className={pending.has(key) ? 'min-w-28 border-2 border-primary' : 'min-w-28'}
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
            {moreRight && (
              <div
                aria-hidden="true"
                data-testid="permissions-more-right"
                className="pointer-events-none absolute inset-y-0 right-3 w-12 rounded-r-md bg-linear-to-l from-card to-transparent"
              />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
