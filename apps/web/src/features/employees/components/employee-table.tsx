/** The employee table with the spec's columns, its loading and empty rows. */
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

export function EmployeeTable({ employees, loading, searching, onEdit, onDelete }: EmployeeTableProps) {
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
                {employee.endDate && (
                  <span
                    className="block text-xs font-normal text-muted-foreground"
                    data-testid="employee-end-date"
                  >
                    {LEAVER_PREFIX} {formatDate(employee.endDate)}
                  </span>
                )}
              </TableCell>
              <TableCell className="max-w-48 truncate px-2!" title={employee.email}>
                {employee.email}
              </TableCell>
              <TableCell className="px-2!">{employee.position}</TableCell>
              <TableCell className="px-2!">
                {employee.department ?? <span className="text-muted-foreground">—</span>}
              </TableCell>
              <TableCell className="px-2!">
                {employee.lineManagerName ?? <span className="text-muted-foreground">—</span>}
              </TableCell>
              <TableCell className="px-2! whitespace-nowrap">{formatDate(employee.startDate)}</TableCell>
              <TableCell className="px-2! whitespace-nowrap">
                <span className="font-medium">{formatDays(employee.remainingThisYear)}</span>
                <span className="text-muted-foreground"> / {formatDays(employee.annualHolidayDays)}</span>
                <span className="sr-only"> days remaining this holiday year</span>
                {employee.owedOnLeaving !== null && (
                  <span className="block text-xs text-muted-foreground" data-testid="employee-owed">
                    {owedText(employee.owedOnLeaving)}
                  </span>
                )}
              </TableCell>
              <TableCell className={cn('px-2!', STICKY_ACTIONS)}>
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
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
