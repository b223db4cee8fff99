/** /employees: header with Add Employee, debounced server-side search with the count badge, table, pages. */
import { type Employee, employeeCountLabel, isFullNameColumnMissing } from '@hr/shared/hr/employees.schemas';
import { SEARCH_MAX_LENGTH } from '@hr/shared/search';
import { ChevronLeft, ChevronRight, FileUp, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { viewOnlyOn } from '@/lib/access';
import { errorMessage } from '@/lib/api-client';
import { useInvalidateOnCompanyChange } from '@/lib/company-changed';
import { useMe } from '@/lib/session';
import { employeeKeys } from '../api/keys';
import { useEmployees } from '../api/list-employees';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { DeleteEmployeeDialog } from './delete-employee-dialog';
import { EmployeeFormDialog } from './employee-form-dialog';
import { EmployeeListError } from './employee-list-error';
import { EmployeeTable } from './employee-table';
import { ImportEmployeesDialog } from './import-employees-dialog';

export const SEARCH_DEBOUNCE_MS = 250;

type FormState = { open: false } | { open: true; employee: Employee | null };

const NO_CURSORS: string[] = [];

/**
 * "Page 3 of 12"; when the count stopped at its cap (ADR 0115) the last page is not known until it
 * is reached: "Page 3 of 20+" (at least that many), and "Page 42 of 42" on the last one.
 */
export function pagerText(p: {
  page: number;
  total: number;
  totalCapped: boolean;
  pageSize: number;
  hasNext: boolean;
}): string {
  if (!p.totalCapped) return `Page ${p.page} of ${Math.max(1, p.page, Math.ceil(p.total / p.pageSize))}`;
  if (!p.hasNext) return `Page ${p.page} of ${p.page}`;
  return `Page ${p.page} of ${Math.max(p.page + 1, Math.floor(p.total / p.pageSize))}+`;
}

/** What the user's Employees level lets them do (ADR 0057: View reads, Admin edits, Full creates and deletes). */
export function employeeActions(me: Parameters<typeof viewOnlyOn>[0]) {
  const full = viewOnlyOn(me, 'employees', 'full') === null;
  return { create: full, edit: viewOnlyOn(me, 'employees', 'admin') === null, remove: full };
}

export function EmployeesView() {
  useInvalidateOnCompanyChange(employeeKeys.all);
  const { data: me } = useMe();
  const can = employeeActions(me);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [showLeavers, setShowLeavers] = useState(false);
  // Keyset pages (ADR 0115): the cursors of the pages before this one; a new search, or showing or
  // hiding leavers, starts again on page 1.
  const [pageState, setPageState] = useState({ search: '', leavers: false, cursors: [] as string[] });
  const cursors =
    pageState.search === search && pageState.leavers === showLeavers ? pageState.cursors : NO_CURSORS;
  const page = cursors.length + 1;
  const goTo = (next: string[]) => setPageState({ search, leavers: showLeavers, cursors: next });

  const list = useEmployees({ search, after: cursors.at(-1) ?? null, leavers: showLeavers });
  const [form, setForm] = useState<FormState>({ open: false });
  const [deleting, setDeleting] = useState<Employee | null>(null);
  const [importing, setImporting] = useState(false);

  const total = list.data?.total ?? 0;
  const totalCapped = list.data?.totalCapped ?? false;
  const nextCursor = list.data?.nextCursor ?? null;
  // Deleting the last employee of the last page leaves that page empty: step back.
  const emptyPage = Boolean(list.data && !list.isPlaceholderData && list.data.items.length === 0);
  useEffect(() => {
    if (emptyPage && cursors.length > 0) {
      setPageState({ search, leavers: showLeavers, cursors: cursors.slice(0, -1) });
    }
  }, [emptyPage, cursors, search, showLeavers]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Employee Management</h1>
          <p className="mt-1 text-muted-foreground">
            Keep employee records, line managers and holiday allowances up to date.
          </p>
        </div>
        {can.create && (
          <div className="flex flex-wrap gap-2 self-start">
            <Button variant="outline" onClick={() => setImporting(true)}>
              <FileUp aria-hidden="true" />
              Import employees
            </Button>
            <Button onClick={() => setForm({ open: true, employee: null })}>
              <Plus aria-hidden="true" />
              Add Employee
            </Button>
          </div>
        )}
      </div>

      <Card>
        <CardContent className="flex flex-col gap-4 px-0! pt-6 [&_tr>*:first-child]:pl-4! [&_tr>*:last-child]:pr-4!">
          <div className="flex flex-wrap items-center gap-3 px-4">
            {/* Wide enough for the whole placeholder from 1024 px; narrower windows end it in "...". */}
            <div className="relative w-full max-w-md">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                type="search"
                aria-label="Search employees"
                placeholder="Search by name, email, number, position or department"
                maxLength={SEARCH_MAX_LENGTH}
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                className="text-ellipsis pl-9"
              />
            </div>
            {list.data && (
              <span
                data-testid="employee-count"
                aria-live="polite"
                className="inline-flex items-center rounded-full border bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground"
              >
                {employeeCountLabel(total, totalCapped)}
              </span>
            )}
            <div className="flex items-center gap-2">
              <Switch id="employees-show-leavers" checked={showLeavers} onCheckedChange={setShowLeavers} />
              <Label htmlFor="employees-show-leavers" className="font-normal">
                Show leavers
              </Label>
            </div>
          </div>

          {list.isError ? (
            isFullNameColumnMissing(errorMessage(list.error)) ? (
              <EmployeeListError error={list.error} className="mx-4 w-auto" />
            ) : (
              <LoadError
                title="Failed to load employees"
                detail={errorMessage(list.error)}
                query={list}
                className="mx-4 w-auto"
              />
            )
          ) : (
            <EmployeeTable
              employees={list.data?.items ?? []}
              loading={list.isPending}
              searching={search !== ''}
              onEdit={can.edit ? (employee) => setForm({ open: true, employee }) : undefined}
              onDelete={can.remove ? setDeleting : undefined}
            />
          )}

          {list.data && total > 0 && (
            <nav
              aria-label="Employee pages"
              className="flex flex-wrap items-center justify-between gap-2 px-4"
            >
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {pagerText({
                  page,
                  total,
                  totalCapped,
                  pageSize: list.data.pageSize,
                  hasNext: nextCursor !== null,
                })}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => goTo(cursors.slice(0, -1))}
                  disabled={page <= 1 || list.isFetching}
                >
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => nextCursor && goTo([...cursors, nextCursor])}
                  disabled={nextCursor === null || list.isFetching}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </nav>
          )}
        </CardContent>
      </Card>

      <EmployeeFormDialog
        open={form.open}
        employee={form.open ? form.employee : null}
        onOpenChange={(open) => !open && setForm({ open: false })}
      />
      <DeleteEmployeeDialog employee={deleting} onClose={() => setDeleting(null)} />
      {can.create && <ImportEmployeesDialog open={importing} onOpenChange={setImporting} />}
    </div>
  );
}
