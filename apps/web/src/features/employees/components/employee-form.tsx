/** The employee form: every field, the shared messages, email normalised on blur. */
import { zodResolver } from '@hookform/resolvers/zod';
import { WEEKDAYS, type Weekday } from '@hr/shared/company/company-settings';
import { isValidIsoDate } from '@hr/shared/dates';
import { type CompanyUserOption, type Employee, employeeInputSchema } from '@hr/shared/hr/employees.schemas';
import { type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RegionSelect } from '@/components/region-select';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { useEntitlementPreview } from '../api/entitlement-preview';
import { useDebouncedValue } from '../hooks/use-debounced-value';

export type EmployeeFormValues = z.input<typeof employeeInputSchema>;
export type EmployeeFormOutput = z.output<typeof employeeInputSchema>;
export type EmployeeFieldName = keyof EmployeeFormValues;

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

function defaultsFor(employee: Employee | null | undefined): EmployeeFormValues {
  return {
    fullName: employee?.fullName ?? '',
    email: employee?.email ?? '',
    position: employee?.position ?? '',
    department: employee?.department ?? '',
    employeeNumber: employee?.employeeNumber ?? '',
    startDate: employee?.startDate.slice(0, 10) ?? '',
    // Empty for a new employee: the server gives the company's entitlement, pro-rated (ADR 0091).
    annualHolidayDays: employee?.annualHolidayDays ?? null,
    userId: employee?.userId ?? null,
    lineManagerId: employee?.lineManagerId ?? null,
    region: employee?.region ?? null,
    workingPattern: employee?.workingPattern ?? null,
  };
}

const dayLabel = (d: Weekday) => d.charAt(0).toUpperCase() + d.slice(1);
const FULL_WEEK: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

function userLabel(user: CompanyUserOption): string {
  return user.fullName ? `${user.fullName} (${user.email})` : user.email;
}

/** The company's entitlement (Company Settings) is the default, pro-rated for a part-time week. */
const ANNUAL_DAYS_HINT = "Defaults to the company's annual entitlement when left empty";

const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const toDays = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * How the entitlement is worked out, from the server (ADR 0094): the full-year days (the company's
 * entitlement pro-rated for the week when the field is empty) and this holiday year's share for the
 * start date. Follows the form's values, settled for a moment.
 */
function EntitlementCalculation({
  startDate,
  endDate,
  annualHolidayDays,
  workingPattern,
}: {
  startDate: string;
  endDate: string | null;
  annualHolidayDays: unknown;
  workingPattern: readonly string[] | null;
}) {
  const days =
    typeof annualHolidayDays === 'number' && Number.isFinite(annualHolidayDays) && annualHolidayDays >= 0
      ? annualHolidayDays
      : null;
  const params = useDebouncedValue(
    JSON.stringify({
      startDate: isValidIsoDate(startDate) ? startDate : null,
      endDate,
      annualHolidayDays: days !== null && days <= 365 ? days : null,
      workingPattern: workingPattern?.length ? workingPattern : null,
    }),
    300,
  );
  const preview = useEntitlementPreview(JSON.parse(params));
  return (
    <section
      aria-labelledby="employee-entitlement-title"
      aria-live="polite"
      className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm sm:col-span-2"
      data-testid="employee-entitlement"
    >
      <h3 id="employee-entitlement-title" className="font-medium">
        Entitlement calculation
      </h3>
      {preview.isPending ? (
        <p className="text-muted-foreground">Calculating...</p>
      ) : preview.isError ? (
        <p className="text-destructive">{errorMessage(preview.error, 'Entitlement unavailable')}</p>
      ) : (
        <>
          <p>
            Full year: <strong>{preview.data.annualDays} days</strong>
            {preview.data.defaulted ? " (the company's entitlement, for this working week)" : ''}
          </p>
          <ul className="list-disc pl-5 text-muted-foreground">
            {preview.data.annualLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {preview.data.yearDays !== null ? (
            <>
              <p>
                This holiday year: <strong>{preview.data.yearDays} days</strong>
              </p>
              <ul className="list-disc pl-5 text-muted-foreground">
                {preview.data.yearLines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-muted-foreground">Enter a start date for this holiday year's share.</p>
          )}
        </>
      )}
    </section>
  );
}

export interface EmployeeFormProps {
  employee?: Employee | null;
  users: CompanyUserOption[];
  usersLoading?: boolean;
  submitting?: boolean;
  onSubmit: (values: EmployeeFormOutput, setError: UseFormSetError<EmployeeFormValues>) => void;
  onCancel: () => void;
}

export function EmployeeForm({
  employee,
  users,
  usersLoading = false,
  submitting = false,
  onSubmit,
  onCancel,
}: EmployeeFormProps) {
  const form = useForm<EmployeeFormValues, unknown, EmployeeFormOutput>({
    resolver: zodResolver(employeeInputSchema),
    defaultValues: defaultsFor(employee),
  });
  const { errors } = form.formState;
  const linkedUserId = form.watch('userId');
  // The linked account cannot be its own line manager (the server refuses it too).
  const managerOptions = users.filter((u) => u.id !== linkedUserId);
  const err = (name: EmployeeFieldName) => errors[name]?.message;

  const submit = form.handleSubmit((values) => onSubmit(values, form.setError));
  const region = form.watch('region') ?? '';
  const startDate = form.watch('startDate') ?? '';
  const annualHolidayDays = form.watch('annualHolidayDays');
  const pattern = form.watch('workingPattern') ?? null;
  const setPattern = (next: Weekday[] | null) =>
    form.setValue('workingPattern', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const patternError = Object.entries(errors).find(([name]) => name.startsWith('workingPattern'))?.[1]
    ?.message as string | undefined;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="employee-full-name" label="Full Name" error={err('fullName')}>
          <Input
            id="employee-full-name"
            autoComplete="off"
            {...fieldAria('employee-full-name', err('fullName'))}
            {...form.register('fullName')}
          />
        </FormField>
        <FormField id="employee-email" label="Email" error={err('email')}>
          <Input
            id="employee-email"
            type="email"
            autoComplete="off"
            {...fieldAria('employee-email', err('email'))}
            {...form.register('email', {
              onBlur: (event: { target: { value: string } }) =>
                form.setValue('email', normaliseEmail(event.target.value), {
                  shouldValidate: form.formState.isSubmitted,
                }),
            })}
          />
        </FormField>
        <FormField id="employee-position" label="Position" error={err('position')}>
          <Input
            id="employee-position"
            {...fieldAria('employee-position', err('position'))}
            {...form.register('position')}
          />
        </FormField>
        <FormField id="employee-department" label="Department" error={err('department')} hint="Optional">
          <Input
            id="employee-department"
            {...fieldAria('employee-department', err('department'), 'Optional')}
            {...form.register('department')}
          />
        </FormField>
        <FormField id="employee-number" label="Employee Number" error={err('employeeNumber')}>
          <Input
            id="employee-number"
            autoComplete="off"
            {...fieldAria('employee-number', err('employeeNumber'))}
            {...form.register('employeeNumber')}
          />
        </FormField>
        <FormField id="employee-start-date" label="Start Date" error={err('startDate')}>
          <Input
            id="employee-start-date"
            type="date"
            {...fieldAria('employee-start-date', err('startDate'))}
            {...form.register('startDate')}
          />
        </FormField>
        <FormField
          id="employee-holiday-days"
          label="Annual Holiday Days"
          error={err('annualHolidayDays')}
          hint={ANNUAL_DAYS_HINT}
        >
          <Input
            id="employee-holiday-days"
            type="number"
            inputMode="decimal"
            min={0}
            max={365}
            step="0.5"
            {...fieldAria('employee-holiday-days', err('annualHolidayDays'), ANNUAL_DAYS_HINT)}
            {...form.register('annualHolidayDays', { setValueAs: toDays })}
          />
        </FormField>
        <EntitlementCalculation
          startDate={startDate}
          endDate={employee?.endDate ?? null}
          annualHolidayDays={annualHolidayDays}
          workingPattern={pattern}
        />
        <FormField id="employee-user" label="Linked User Account" error={err('userId')}>
          <NativeSelect
            id="employee-user"
            disabled={usersLoading}
            {...fieldAria('employee-user', err('userId'))}
            {...form.register('userId', { setValueAs: emptyToNull })}
          >
            <option value="">None</option>
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {userLabel(user)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="employee-line-manager"
          label="Line Manager"
          error={err('lineManagerId')}
          className="sm:col-span-2"
        >
          <NativeSelect
            id="employee-line-manager"
            disabled={usersLoading}
            {...fieldAria('employee-line-manager', err('lineManagerId'))}
            {...form.register('lineManagerId', { setValueAs: emptyToNull })}
          >
            <option value="">No line manager</option>
            {managerOptions.map((user) => (
              <option key={user.id} value={user.id}>
                {userLabel(user)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="employee-region"
          label="Region for public holidays"
          error={err('region')}
          hint="Bank holidays that are not working days for this employee"
          className="sm:col-span-2"
        >
          <RegionSelect
            id="employee-region"
            {...fieldAria('employee-region', err('region'))}
            emptyLabel="Company default"
            value={region}
            onChange={(e) =>
              form.setValue('region', e.target.value === '' ? null : e.target.value, { shouldDirty: true })
            }
          />
        </FormField>
        <fieldset
          className="grid gap-2 sm:col-span-2"
          aria-describedby={patternError ? 'employee-pattern-error' : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Working pattern</legend>
          <label className="flex min-h-6 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={pattern === null}
              onChange={(e) => setPattern(e.target.checked ? null : (employee?.workingPattern ?? FULL_WEEK))}
            />
            Company working days
          </label>
          {pattern !== null && (
            <div className="flex flex-wrap gap-x-5 gap-y-3" data-testid="employee-working-days">
              {WEEKDAYS.map((day) => (
                <label key={day} className="flex min-h-6 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={pattern.includes(day)}
                    onChange={(e) =>
                      setPattern(WEEKDAYS.filter((d) => (d === day ? e.target.checked : pattern.includes(d))))
                    }
                  />
                  {dayLabel(day)}
                </label>
              ))}
            </div>
          )}
          {patternError && (
            <p id="employee-pattern-error" className="text-sm text-destructive">
              {patternError}
            </p>
          )}
        </fieldset>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving...' : employee ? 'Update Employee' : 'Add Employee'}
        </Button>
      </div>
    </form>
  );
}
