/**
 * Record sickness (issue 18): a line manager records a report's sickness, a super admin anyone's, for
 * days that have started. The employee list comes from the server, which lists only whom the user may
 * record for and checks it again on save; the working days are counted there too.
 */
import { HOLIDAY_MESSAGES } from '@hr/shared/hr/holiday-constants';
import { LEAVE_MESSAGES, sicknessInputSchema } from '@hr/shared/leave/leave.schemas';
import { SEARCH_MAX_LENGTH } from '@hr/shared/search';
import { type FormEvent, useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { firstMessageByField } from '@/lib/field-errors';
import { notify } from '@/lib/toast';
import { useRecordSickness, useSicknessEmployees } from '../api/sickness';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { formatDateRange } from '../lib/dates';
import { EmptyState, LoadingRows } from './states';

const FIELDS = ['employeeRecordId', 'startDate', 'endDate', 'reason'] as const;

export function RecordSicknessCard({ today }: { today: string }) {
  const id = useId();
  const ids = {
    search: `${id}-search`,
    employee: `${id}-employee`,
    start: `${id}-start`,
    end: `${id}-end`,
    reason: `${id}-reason`,
  };
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 250);
  const employees = useSicknessEmployees(search);
  const record = useRecordSickness();
  const [employeeRecordId, setEmployeeRecordId] = useState('');
  const [chosenName, setChosenName] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const items = employees.data?.items ?? [];
  // The chosen employee stays chosen while a new search is typed, until another is picked.
  const chosenListed = items.some((e) => e.id === employeeRecordId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sicknessInputSchema.safeParse({
      employeeRecordId,
      startDate,
      endDate: endDate || startDate,
      reason,
    });
    if (!parsed.success) {
      const fields = firstMessageByField(parsed.error.issues);
      if (fields.employeeRecordId) fields.employeeRecordId = 'Choose an employee';
      setErrors(fields);
      return;
    }
    setErrors({});
    record.mutate(parsed.data, {
      onSuccess: (created) => {
        notify.success(
          LEAVE_MESSAGES.sicknessRecorded,
          `${chosenName}: ${formatDateRange(created.startDate, parsed.data.endDate)}`,
        );
        setStartDate('');
        setEndDate('');
        setReason('');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          setErrors(
            Object.fromEntries(
              Object.entries(error.fields).filter(([k]) => (FIELDS as readonly string[]).includes(k)),
            ),
          );
        }
        notify.error(HOLIDAY_MESSAGES.submitFailed, errorMessage(error));
      },
    });
  };

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Record sickness</CardTitle>
        <CardDescription>
          Sick leave of someone you manage, for days that have started. It is approved at once and uses no
          holiday allowance unless the leave rules say so.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          noValidate
          aria-label="Record sickness"
          className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2"
        >
          <FormField id={ids.search} label="Find employee" hint="Name, email or employee number">
            <Input
              id={ids.search}
              type="search"
              maxLength={SEARCH_MAX_LENGTH}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              {...fieldAria(ids.search, undefined, 'hint')}
            />
          </FormField>
          <div className="grid content-start gap-2">
            {employees.isPending ? (
              <LoadingRows rows={1} label="Loading employees" />
            ) : employees.isError ? (
              <LoadError
                title="Failed to load employees"
                detail={errorMessage(employees.error)}
                query={employees}
              />
            ) : items.length === 0 && !employeeRecordId ? (
              <EmptyState>
                {search ? 'No employees match your search' : 'No employees you can record sickness for'}
              </EmptyState>
            ) : (
              <FormField id={ids.employee} label="Employee" error={errors.employeeRecordId}>
                <NativeSelect
                  id={ids.employee}
                  value={employeeRecordId}
                  onChange={(e) => {
                    setEmployeeRecordId(e.target.value);
                    setChosenName(items.find((i) => i.id === e.target.value)?.fullName ?? '');
                  }}
                  {...fieldAria(ids.employee, errors.employeeRecordId)}
                >
                  <option value="">Choose an employee</option>
                  {employeeRecordId && !chosenListed && (
                    <option value={employeeRecordId}>{chosenName}</option>
                  )}
                  {items.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.fullName} ({e.employeeNumber})
                    </option>
                  ))}
                </NativeSelect>
                {employees.data?.more && (
                  <p className="text-xs text-muted-foreground">More match: refine the search.</p>
                )}
              </FormField>
            )}
          </div>
          <FormField id={ids.start} label="First day off sick" error={errors.startDate}>
            <Input
              id={ids.start}
              type="date"
              max={today}
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              {...fieldAria(ids.start, errors.startDate)}
            />
          </FormField>
          <FormField
            id={ids.end}
            label="Last day off sick"
            error={errors.endDate}
            hint="Empty for a single day"
          >
            <Input
              id={ids.end}
              type="date"
              min={startDate || undefined}
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
              {...fieldAria(ids.end, errors.endDate, 'hint')}
            />
          </FormField>
          <FormField id={ids.reason} label="Note (optional)" error={errors.reason} className="sm:col-span-2">
            <Textarea
              id={ids.reason}
              rows={2}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              {...fieldAria(ids.reason, errors.reason)}
            />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={record.isPending} className="w-full sm:w-auto">
              {record.isPending ? 'Recording...' : 'Record sickness'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
