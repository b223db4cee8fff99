/**
 * The employee table with the spec's columns, its loading and empty rows; under 640 px wide (a narrowed
 * desktop window: phones get the mobile shell) a list of cards with the same fields, so no column is
 * cut to a sliver beside the pinned actions.
 */
import { EMPLOYEE_MESSAGES, type Employee } from '@hr/shared/hr/employees.schemas';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  STICKY_ACTIONS,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { cn } from '@/lib/class-names';
import { useViewport } from '@/lib/device';
import { formatDate, formatDays } from './format';

export const EMPLOYEE_COLUMNS = [
  'Employee #',
  'Name',
  'Email',
  'Position',
  'Department',
  'Line Manager',
  'Start Date',
  'Holiday Days',
  'Actions',
] as const;

export interface EmployeeTableProps {
  employees: Employee[];
  loading: boolean;
  searching: boolean;
  /** Left out when the user's Employees level cannot edit (Admin) or delete (Full): no button then. */
  onEdit?: (employee: Employee) => void;
  onDelete?: (employee: Employee) => void;
}

/** Under a leaver's name: "End date" and their last day. */
const LEAVER_PREFIX = 'End date';

/** What a leaver is owed (+) or over-took (-) at the end of their final holiday year. */
export function owedText(days: number): string {
  const n = Math.abs(Math.round(days * 10) / 10);
  if (days >= 0) return `Owed on leaving: ${n} ${n === 1 ? 'day' : 'days'}`;
  return `Over-taken on leaving: ${n} ${n === 1 ? 'day' : 'days'}`;
}

function MessageRow({ children }: { children: string }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={EMPLOYEE_COLUMNS.length} className="py-10 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** Edit and Delete of one employee, each only when the user's level allows it. */
function RowActions({
  employee,
  onEdit,
  onDelete,
}: { employee: Employee } & Pick<EmployeeTableProps, 'onEdit' | 'onDelete'>) {
  return (
    <div className="flex justify-end gap-1">
      {onEdit && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8!"
          aria-label={`Edit ${employee.fullName}`}
          title="Edit"
          onClick={() => onEdit(employee)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      )}
      {onDelete && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${employee.fullName}`}
          title="Delete"
          className="size-8! text-destructive hover:text-destructive"
          onClick={() => onDelete(employee)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

/** "24 / 28" remaining of the year's allowance, and what a leaver is owed. */
function HolidayDays({ employee }: { employee: Employee }) {
  return (
    <>
      <span className="font-medium">{formatDays(employee.remainingThisYear)}</span>
      <span className="text-muted-foreground"> / {formatDays(employee.annualHolidayDays)}</span>
      <span className="sr-only"> days remaining this holiday year</span>
      {employee.owedOnLeaving !== null && (
        <span className="block text-xs text-muted-foreground" data-testid="employee-owed">
          {owedText(employee.owedOnLeaving)}
        </span>
      )}
    </>
  );
}

function LeaverEnd({ endDate }: { endDate: string | null }) {
  if (!endDate) return null;
  return (
    <span className="block text-xs font-normal text-muted-foreground" data-testid="employee-end-date">
      {LEAVER_PREFIX} {formatDate(endDate)}
    </span>
  );
}

const none = <span className="text-muted-foreground">—</span>;

/** Under 640 px: one card per employee, every column's field in it. */
function EmployeeCards({ employees, loading, searching, onEdit, onDelete }: EmployeeTableProps) {
  const message = loading
    ? EMPLOYEE_MESSAGES.loading
    : employees.length === 0
      ? searching
        ? EMPLOYEE_MESSAGES.noMatch
        : EMPLOYEE_MESSAGES.empty
      : null;
  if (message) return <p className="px-4 py-10 text-center text-muted-foreground">{message}</p>;
  return (
    <ul aria-label="Employees" className="grid gap-3 px-4">
      {employees.map((employee) => (
        <li key={employee.id} className="grid gap-2 rounded-md border p-3" data-testid="employee-card">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">
                {employee.fullName}
                <LeaverEnd endDate={employee.endDate} />
              </p>
              <p className="text-xs break-all text-muted-foreground">{employee.email}</p>
            </div>
            <RowActions employee={employee} onEdit={onEdit} onDelete={onDelete} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Employee #</dt>
            <dd className="font-mono text-xs leading-5">{employee.employeeNumber}</dd>
            <dt className="text-muted-foreground">Position</dt>
            <dd className="break-words">{employee.position}</dd>
            <dt className="text-muted-foreground">Department</dt>
            <dd className="break-words">{employee.department ?? none}</dd>
            <dt className="text-muted-foreground">Line Manager</dt>
            <dd className="break-words">{employee.lineManagerName ?? none}</dd>
            <dt className="text-muted-foreground">Start Date</dt>
            <dd>{formatDate(employee.startDate)}</dd>
            <dt className="text-muted-foreground">Holiday Days</dt>
            <dd>
              <HolidayDays employee={employee} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function EmployeeTable(props: EmployeeTableProps) {
  const narrow = useViewport().width < 640;
  return narrow ? <EmployeeCards {...props} /> : <EmployeeRows {...props} />;
}

function EmployeeRows({ employees, loading, searching, onEdit, onDelete }: EmployeeTableProps) {
  return (
    <Table aria-label="Employees">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {EMPLOYEE_COLUMNS.map((column) => (
            <TableHead
              key={column}
              className={cn(
                'h-auto! px-2! py-2 leading-tight whitespace-normal!',
                column === 'Actions' && `text-right ${STICKY_ACTIONS}`,
              )}
            >
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading ? (
          <MessageRow>{EMPLOYEE_MESSAGES.loading}</MessageRow>
        ) : employees.length === 0 ? (
          <MessageRow>{searching ? EMPLOYEE_MESSAGES.noMatch : EMPLOYEE_MESSAGES.empty}</MessageRow>
        ) : (
          employees.map((employee) => (
            <TableRow key={employee.id}>
              <TableCell className="px-2! whitespace-nowrap font-mono text-xs">
                {employee.employeeNumber}
              </TableCell>
              <TableCell className="min-w-28 px-2! font-medium">
                {employee.fullName}
                <LeaverEnd endDate={employee.endDate} />
              </TableCell>
              <TableCell className="max-w-48 truncate px-2!" title={employee.email}>
                {employee.email}
              </TableCell>
              <TableCell className="px-2!">{employee.position}</TableCell>
              <TableCell className="px-2!">{employee.department ?? none}</TableCell>
              <TableCell className="px-2!">{employee.lineManagerName ?? none}</TableCell>
              <TableCell className="px-2! whitespace-nowrap">{formatDate(employee.startDate)}</TableCell>
              <TableCell className="px-2! whitespace-nowrap">
                <HolidayDays employee={employee} />
              </TableCell>
              <TableCell className={cn('px-2!', STICKY_ACTIONS)}>
                <RowActions employee={employee} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
