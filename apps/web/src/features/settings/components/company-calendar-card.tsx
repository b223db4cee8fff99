/**
 * Company Settings > Closures and worked holidays: days the company is closed (counted as leave or
 * not) and public holidays it works. Listed to super admins with Settings at View; added and removed
 * at Admin (the server checks both). Requests already booked keep their stored working days.
 */
import {
  CALENDAR_DAY_KIND_LABELS,
  CALENDAR_DAY_KINDS,
  type CalendarDayKind,
  companyCalendarDayInputSchema,
  LEAVE_MESSAGES,
} from '@hr/shared/leave/calendar-days.schemas';
import { type FormEvent, useId, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { viewOnlyOn } from '@/lib/access';
import { errorMessage } from '@/lib/api-client';
import { firstMessageByField } from '@/lib/field-errors';
import { useMe } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useAddCalendarDay, useCalendarDays, useRemoveCalendarDay } from '../api/calendar-days';

function AddCalendarDayForm() {
  const id = useId();
  const add = useAddCalendarDay();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<CalendarDayKind>('closure');
  const [name, setName] = useState('');
  const [countsAsLeave, setCountsAsLeave] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = companyCalendarDayInputSchema.safeParse({ date, kind, name, countsAsLeave });
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(`${CALENDAR_DAY_KIND_LABELS[kind]} added`);
        setDate('');
        setName('');
        setCountsAsLeave(false);
      },
      onError: (error) => notify.error('Failed to add the day', errorMessage(error)),
    });
  };

  const field = (key: string) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Add a company day">
      <FormField id={`${id}-date`} label="Date" error={errors.date}>
        <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} {...field('date')} />
      </FormField>
      <FormField id={`${id}-kind`} label="Kind" error={errors.kind}>
        <NativeSelect
          value={kind}
          onChange={(e) => setKind(e.target.value as CalendarDayKind)}
          {...field('kind')}
        >
          {CALENDAR_DAY_KINDS.map((k) => (
            <option key={k} value={k}>
              {CALENDAR_DAY_KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-name`} label="Name" error={errors.name} className="sm:col-span-2">
        <Input
          value={name}
          maxLength={100}
          placeholder={kind === 'closure' ? 'Christmas shutdown' : 'We work Easter Monday'}
          onChange={(e) => setName(e.target.value)}
          {...field('name')}
        />
      </FormField>
      {kind === 'closure' && (
        <label className="flex min-h-6 items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={countsAsLeave}
            onChange={(e) => setCountsAsLeave(e.target.checked)}
          />
          Counted as leave (charged to everyone's allowance)
        </label>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto">
          {add.isPending ? 'Adding...' : 'Add day'}
        </Button>
      </div>
    </form>
  );
}

export function CompanyCalendarCard() {
  const { data: me } = useMe();
  const days = useCalendarDays();
  const remove = useRemoveCalendarDay();
  const canEdit = viewOnlyOn(me, 'settings', 'admin') === null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Closures and worked holidays</CardTitle>
        <CardDescription>
          Days the company is closed, and public holidays it works. Requests already booked keep their counts.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {days.isPending ? (
          <Spinner label="Loading company days" />
        ) : days.isError ? (
          <LoadError
            title={LEAVE_MESSAGES.loadCalendarDaysFailed}
            detail={errorMessage(days.error)}
            query={days}
          />
        ) : days.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No closures or worked holidays yet.</p>
        ) : (
          <ul
            className="grid gap-2"
            aria-label="Closures and worked holidays"
            data-testid="company-calendar-days"
          >
            {days.data.items.map((day) => (
              <li
                key={day.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    <time dateTime={day.date}>{new Date(`${day.date}T00:00:00`).toLocaleDateString()}</time>:{' '}
                    {day.name}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {CALENDAR_DAY_KIND_LABELS[day.kind]}
                    {day.kind === 'closure' &&
                      (day.countsAsLeave ? ', counted as leave' : ', not counted as leave')}
                  </p>
                </div>
                {canEdit && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={`Remove ${day.name} (${day.date})`}
                    onClick={() =>
                      remove.mutate(day.id, {
                        onSuccess: () => notify.success(`${day.name} removed`),
                        onError: (error) => notify.error('Failed to remove the day', errorMessage(error)),
                      })
                    }
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canEdit && <AddCalendarDayForm />}
      </CardContent>
    </Card>
  );
}
