/** The Request Holiday form: dates, type, reason, the day counts, and Submit. */
import { zodResolver } from '@hookform/resolvers/zod';
import { isValidIsoDate } from '@hr/shared/dates';
import {
  HOLIDAY_MESSAGES,
  HOLIDAY_TYPE_LABELS,
  HOLIDAY_TYPES,
  type HolidayType,
  holidayRequestInputSchema,
} from '@hr/shared/hr/holidays.schemas';
import { formatWorkingDays, yearSplitNotice } from '@hr/shared/leave/day-count-text';
import { LEAVE_MESSAGES } from '@hr/shared/leave/leave.schemas';
import { addDays, inclusiveDayCount } from '@hr/shared/working-days';
import { useMemo } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useSubmitHolidayRequest } from '../api/submit-request';
import { useWorkingDays, type WorkingDaysSpan } from '../api/working-days';
import { formatDate, pluralDays } from '../lib/dates';

type RequestFormValues = z.input<typeof holidayRequestInputSchema>;
type RequestFormOutput = z.output<typeof holidayRequestInputSchema>;
type RequestFieldName = keyof RequestFormValues;

/** How far back an employee may book their own Sick Leave (the server allows the same, issue 18). */
export const OWN_SICKNESS_DAYS_BACK = 14;

/** The earliest start date the form offers for a type: today, or 14 days back for Sick Leave. */
export function earliestStart(today: string, type: HolidayType | undefined): string {
  return type === 'sick' ? addDays(today, -OWN_SICKNESS_DAYS_BACK) : today;
}

function formSchema(today: string) {
  return holidayRequestInputSchema.superRefine((v, ctx) => {
    if (v.startDate >= earliestStart(today, v.holidayType)) return;
    ctx.addIssue({
      code: 'custom',
      path: ['startDate'],
      message: v.holidayType === 'sick' ? LEAVE_MESSAGES.sicknessTooFarBack : HOLIDAY_MESSAGES.startInPast,
    });
  });
}

function emptyValues(holidayType: HolidayType): RequestFormValues {
  return { startDate: '', endDate: '', holidayType, reason: '', startHalfDay: false, endHalfDay: false };
}

const FIELDS: readonly RequestFieldName[] = ['startDate', 'endDate', 'holidayType', 'reason'];

/** The error toasts for a refused submission, and the server's field messages under the fields. */
export function reportSubmitError(error: unknown, setError: UseFormSetError<RequestFormValues>) {
  if (error instanceof ApiError) {
    for (const [name, message] of Object.entries(error.fields ?? {})) {
      if ((FIELDS as readonly string[]).includes(name)) {
        setError(name as RequestFieldName, { type: 'server', message });
      }
    }
  }
  notify.error(HOLIDAY_MESSAGES.submitFailed, errorMessage(error));
}

/**
 * Under the dates, once both are valid and in order: "5 days (3 working days)" with the server's count
 * (the employee's region and week, the halves), the bank holidays in the range, and a notice when the
 * request is split between two holiday years.
 */
function Duration({ span }: { span: WorkingDaysSpan }) {
  const { start, end } = span;
  const valid = isValidIsoDate(start) && isValidIsoDate(end) && end >= start;
  const cost = useWorkingDays(span, valid);
  if (!valid) return null;
  const total = inclusiveDayCount(start, end);
  let working = 'counting working days...';
  if (cost.data) working = formatWorkingDays(cost.data.workingDays);
  else if (cost.isError) working = 'working days unavailable';
  const parts = cost.data?.parts ?? [];
  const bankHolidays = cost.data?.bankHolidays ?? [];
  const closures = cost.data?.closures ?? [];
  return (
    <div className="grid gap-1" aria-live="polite">
      <p data-testid="request-duration" className="text-sm font-medium">
        {pluralDays(total)} <span className="text-muted-foreground">({working})</span>
      </p>
      {bankHolidays.length > 0 && (
        <div data-testid="request-bank-holidays" className="text-sm text-muted-foreground">
          <p>Bank holidays in these dates (not counted):</p>
          <ul className="list-disc pl-5">
            {bankHolidays.map((h) => (
              <li key={h.date}>
                {formatDate(h.date)}: {h.name}
              </li>
            ))}
          </ul>
        </div>
      )}
      {closures.length > 0 && (
        <ul data-testid="request-closures" className="list-disc pl-5 text-sm text-muted-foreground">
          {closures.map((c) => (
            <li key={c.date}>
              {formatDate(c.date)}: {c.name} (
              {c.countsAsLeave ? 'company closure, counted as leave' : 'company closure, not counted'})
            </li>
          ))}
        </ul>
      )}
      {parts.length > 1 && (
        <p data-testid="request-year-split" role="note" className="text-sm font-medium">
          {yearSplitNotice(parts)}
        </p>
      )}
    </div>
  );
}

export interface RequestHolidayFormProps {
  /** yyyy-MM-dd in the user's time zone: the earliest date offered. */
  today: string;
  initialType?: HolidayType;
}

export function RequestHolidayForm({ today, initialType = 'annual' }: RequestHolidayFormProps) {
  const submit = useSubmitHolidayRequest();
  const schema = useMemo(() => formSchema(today), [today]);
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: emptyValues(initialType),
  });
  const { errors, isSubmitted } = form.formState;
  const start = form.watch('startDate') ?? '';
  const end = form.watch('endDate') ?? '';
  const startHalfDay = form.watch('startHalfDay') ?? false;
  const endHalfDay = form.watch('endHalfDay') ?? false;
  const earliest = earliestStart(today, form.watch('holidayType'));

  const onSubmit = form.handleSubmit((values) => {
    submit.mutate(values, {
      onSuccess: (request) => {
        notify.success(
          HOLIDAY_MESSAGES.submitted,
          request?.status === 'approved' ? 'Approved automatically: you have no line manager.' : undefined,
        );
        form.reset(emptyValues('annual'));
      },
      onError: (error) => reportSubmitError(error, form.setError),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Request Holiday">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="holiday-start" label="Start Date" error={errors.startDate?.message}>
          <Input
            id="holiday-start"
            type="date"
            min={earliest}
            {...fieldAria('holiday-start', errors.startDate?.message)}
            {...form.register('startDate', {
              onChange: (event: { target: { value: string } }) => {
                // Picking a start fills an empty end with the same day. Typing a date fires a change
                // per digit ("0002-01-18" after 01 18 2): only a complete date in 1900-2999 is copied.
                if (!form.getValues('endDate') && isValidIsoDate(event.target.value)) {
                  form.setValue('endDate', event.target.value, { shouldValidate: isSubmitted });
                } else if (isSubmitted) {
                  void form.trigger('endDate');
                }
              },
            })}
          />
        </FormField>
        <FormField id="holiday-end" label="End Date" error={errors.endDate?.message}>
          <Input
            id="holiday-end"
            type="date"
            min={start && start > earliest ? start : earliest}
            {...fieldAria('holiday-end', errors.endDate?.message)}
            {...form.register('endDate')}
          />
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Half days</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-6 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('startHalfDay')} />
            Starts at midday
          </label>
          <label className="flex min-h-6 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('endHalfDay')} />
            Ends at midday
          </label>
        </div>
      </fieldset>
      <Duration span={{ start, end, startHalfDay, endHalfDay }} />
      <FormField id="holiday-type" label="Holiday Type" error={errors.holidayType?.message}>
        <NativeSelect
          id="holiday-type"
          {...fieldAria('holiday-type', errors.holidayType?.message)}
          {...form.register('holidayType')}
        >
          {HOLIDAY_TYPES.map((type) => (
            <option key={type} value={type}>
              {HOLIDAY_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="holiday-reason" label="Reason (optional)" error={errors.reason?.message}>
        <Textarea
          id="holiday-reason"
          rows={3}
          maxLength={1000}
          placeholder="Anything your line manager should know"
          {...fieldAria('holiday-reason', errors.reason?.message)}
          {...form.register('reason')}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
          {submit.isPending ? 'Submitting...' : 'Submit Request'}
        </Button>
      </div>
    </form>
  );
}
