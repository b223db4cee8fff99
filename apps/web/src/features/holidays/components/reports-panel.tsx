/**
 * The Reports tab of Holiday Management, for super admins (issue 19): every employee's balance of a
 * holiday year and every request of a period, filtered by department (and type), with the CSV
 * downloads of what is shown. The numbers are the server's (the balance card's sums).
 */
import { HOLIDAY_TYPE_LABELS, HOLIDAY_TYPES, type HolidayType } from '@hr/shared/hr/holiday-constants';
import { REPORT_MESSAGES } from '@hr/shared/leave/reports.schemas';
import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
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
import {
  type BalancesFilters,
  balancesCsvUrl,
  type RequestsFilters,
  requestsCsvUrl,
  useBalancesReport,
  useRequestsReport,
} from '../api/reports';
import { formatDate, formatDateRange, formatTimestamp, localToday } from '../lib/dates';
import { EmptyState, LoadingRows } from './states';

/** Rows shown before "Show more" (a 5,000-employee company's report is one answer). */
const PAGE = 100;

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid min-w-36 flex-1 gap-1.5 sm:max-w-56">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

function DepartmentSelect({
  id,
  value,
  departments,
  onChange,
}: {
  id: string;
  value: string;
  departments: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All departments</option>
      {departments.map((d) => (
        <option key={d} value={d}>
          {d}
        </option>
      ))}
    </NativeSelect>
  );
}

function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-muted-foreground">
        Showing {shown} of {total}
      </p>
      <Button variant="outline" size="sm" onClick={onMore}>
        Show more
      </Button>
    </div>
  );
}

function BalancesReportCard() {
  const thisYear = Number(localToday().slice(0, 4));
  const [filters, setFilters] = useState<BalancesFilters>({ year: '', department: '' });
  const [shown, setShown] = useState(PAGE);
  const report = useBalancesReport(filters);
  const change = (next: Partial<BalancesFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setShown(PAGE);
  };
  const items = report.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Balances</CardTitle>
        <CardDescription>
          {report.data
            ? `Holiday year ${formatDateRange(report.data.yearStart, report.data.yearEnd)}: entitlement, carry-over, adjustments, leave taken and booked, and what remains`
            : 'Every employee’s holiday balance for a holiday year'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Holiday year">
            {(id) => (
              <NativeSelect id={id} value={filters.year} onChange={(e) => change({ year: e.target.value })}>
                <option value="">Current holiday year</option>
                {[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((y) => (
                  <option key={y} value={String(y)}>
                    Starting in {y}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Department">
            {(id) => (
              <DepartmentSelect
                id={id}
                value={filters.department}
                departments={report.data?.departments ?? []}
                onChange={(department) => change({ department })}
              />
            )}
          </Field>
          <a href={balancesCsvUrl(filters)} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" />
            Download balances CSV
          </a>
        </div>
        {report.isPending ? (
          <LoadingRows label="Loading balances" />
        ) : report.isError ? (
          <LoadError title={REPORT_MESSAGES.loadFailed} detail={errorMessage(report.error)} query={report} />
        ) : items.length === 0 ? (
          <EmptyState>{REPORT_MESSAGES.noBalances}</EmptyState>
        ) : (
          <>
            <Table aria-label="Balances report">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className={STICKY_FIRST}>Employee</TableHead>
                  <TableHead>Department</TableHead>
                  <TableHead className="text-right">Entitlement</TableHead>
                  <TableHead className="text-right">Opening balance</TableHead>
                  <TableHead className="text-right">Carry-over</TableHead>
                  <TableHead className="text-right">Adjustments</TableHead>
                  <TableHead className="text-right">Taken</TableHead>
                  <TableHead className="text-right">Booked</TableHead>
                  <TableHead className="text-right">Pending</TableHead>
                  <TableHead className="text-right">Remaining</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.slice(0, shown).map((row) => (
                  <TableRow key={row.employeeRecordId} className="group/row">
                    <TableCell className={STICKY_FIRST}>
                      <span className="block font-medium">{row.fullName}</span>
                      <span className="block text-xs text-muted-foreground">{row.employeeNumber}</span>
                    </TableCell>
                    <TableCell>{row.department ?? ''}</TableCell>
                    <TableCell className="text-right">{row.entitlement}</TableCell>
                    <TableCell className="text-right">{row.openingBalance}</TableCell>
                    <TableCell className="text-right">{row.carryOver}</TableCell>
                    <TableCell className="text-right">{row.adjustments}</TableCell>
                    <TableCell className="text-right">{row.taken}</TableCell>
                    <TableCell className="text-right">{row.booked}</TableCell>
                    <TableCell className="text-right">{row.pending}</TableCell>
                    <TableCell className="text-right font-semibold">{row.remaining}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ShowMore
              shown={Math.min(shown, items.length)}
              total={items.length}
              onMore={() => setShown(shown + PAGE)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

function RequestsReportCard() {
  const [filters, setFilters] = useState<RequestsFilters>({ from: '', to: '', department: '', type: '' });
  const [shown, setShown] = useState(PAGE);
  const report = useRequestsReport(filters);
  const change = (next: Partial<RequestsFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setShown(PAGE);
  };
  const items = report.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Requests</CardTitle>
        <CardDescription>
          {report.data
            ? `Every request from ${formatDate(report.data.from)} to ${formatDate(report.data.to)}, with its status and decision`
            : 'Every request of a period, with its status and decision'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <Field label="From">
            {(id) => (
              <Input
                id={id}
                type="date"
                value={filters.from}
                onChange={(e) => change({ from: e.target.value })}
              />
            )}
          </Field>
          <Field label="To">
            {(id) => (
              <Input
                id={id}
                type="date"
                value={filters.to}
                onChange={(e) => change({ to: e.target.value })}
              />
            )}
          </Field>
          <Field label="Department">
            {(id) => (
              <DepartmentSelect
                id={id}
                value={filters.department}
                departments={report.data?.departments ?? []}
                onChange={(department) => change({ department })}
              />
            )}
          </Field>
          <Field label="Type">
            {(id) => (
              <NativeSelect
                id={id}
                value={filters.type}
                onChange={(e) => change({ type: e.target.value as HolidayType | '' })}
              >
                <option value="">All types</option>
                {HOLIDAY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {HOLIDAY_TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <a href={requestsCsvUrl(filters)} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" />
            Download requests CSV
          </a>
        </div>
        {report.isPending ? (
          <LoadingRows label="Loading requests" />
        ) : report.isError ? (
          <LoadError title={REPORT_MESSAGES.loadFailed} detail={errorMessage(report.error)} query={report} />
        ) : items.length === 0 ? (
          <EmptyState>{REPORT_MESSAGES.noRequests}</EmptyState>
        ) : (
          <>
            <Table aria-label="Requests report">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className={STICKY_FIRST}>Employee</TableHead>
                  <TableHead>Department</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Dates</TableHead>
                  <TableHead className="text-right">Days</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Decision</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.slice(0, shown).map((row) => (
                  <TableRow key={row.id} className="group/row">
                    <TableCell className={STICKY_FIRST}>
                      <span className="block font-medium">{row.fullName}</span>
                      <span className="block text-xs text-muted-foreground">{row.employeeNumber}</span>
                    </TableCell>
                    <TableCell>{row.department ?? ''}</TableCell>
                    <TableCell>{HOLIDAY_TYPE_LABELS[row.holidayType]}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDateRange(row.startDate, row.endDate)}
                      {row.startHalfDay ? ' (starts PM)' : ''}
                      {row.endHalfDay ? ' (ends AM)' : ''}
                    </TableCell>
                    <TableCell className="text-right">{row.workingDays}</TableCell>
                    <TableCell>{STATUS_LABELS[row.status] ?? row.status}</TableCell>
                    <TableCell className="min-w-40">
                      {row.decidedBy ? (
                        <span className="block">
                          {row.decidedBy}
                          {row.decidedAt ? `, ${formatTimestamp(row.decidedAt)}` : ''}
                        </span>
                      ) : null}
                      {row.comment ? (
                        <span className="block text-xs text-muted-foreground">{row.comment}</span>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ShowMore
              shown={Math.min(shown, items.length)}
              total={items.length}
              onMore={() => setShown(shown + PAGE)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function ReportsPanel() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <BalancesReportCard />
      <RequestsReportCard />
    </div>
  );
}
