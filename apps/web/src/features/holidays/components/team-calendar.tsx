/**
 * Team Calendar: a Monday-first month grid (a list by day on phones) of approved holidays. The month
 * comes as a per-day summary (how many people, the first few by name); "+N more" fetches the day's
 * full list when it opens (ADR 0008).
 */
import { CALENDAR_CELL_NAMES, HOLIDAY_MESSAGES } from '@hr/shared/hr/holiday-constants';
import type { CalendarDaySummary, TeamHoliday } from '@hr/shared/hr/holidays.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { useCalendar } from '../api/get-calendar';
import { calendarDayQueryOptions, useCalendarDay } from '../api/get-calendar-day';
import { useNarrow } from '../hooks/use-narrow';
import { formatDate, isMonth, monthLabel, monthWeeks, shiftMonth, WEEKDAY_LABELS } from '../lib/dates';
import { EmptyState, LoadingRows } from './states';

/** The days of the month summary by date. */
export function summaryByDay(days: CalendarDaySummary[]): Map<string, CalendarDaySummary> {
  return new Map(days.map((day) => [day.date, day]));
}

function NameList({ people }: { people: TeamHoliday[] }) {
  return (
    <ul className="grid gap-1 text-sm">
      {people.map((person) => (
        <li key={person.id}>{person.employeeName}</li>
      ))}
    </ul>
  );
}

/** Everyone away on the day, fetched page by page; the preview stays on screen while it loads. */
function FetchedDayList({ date, preview }: { date: string; preview: TeamHoliday[] }) {
  const day = useCalendarDay(date);
  const failed = day.isError ? (
    <LoadError
      title={HOLIDAY_MESSAGES.loadCompanyHolidaysFailed}
      detail={errorMessage(day.error)}
      // A later page that failed is asked for again; a failed first page refetches the list.
      query={{
        refetch: day.data ? () => day.fetchNextPage() : () => day.refetch(),
        isFetching: day.isFetching,
      }}
    />
  ) : null;
  if (!day.data && failed) return failed;
  const people = day.data ? day.data.pages.flatMap((page) => page.items) : preview;
  return (
    <div className="grid gap-2">
      <NameList people={people} />
      {failed}
      {day.isPending || day.isFetchingNextPage ? (
        <Spinner className="justify-self-start" label="Loading everyone away" />
      ) : (
        day.hasNextPage && (
          <Button variant="outline" size="sm" onClick={() => day.fetchNextPage()}>
            Show more
          </Button>
        )
      )}
    </div>
  );
}

/**
 * "+N more" after the names a cell shows; it opens everyone away that day. When the summary already
 * holds them all (up to one more than the cell shows) nothing is fetched.
 */
function MorePeople({ date, summary }: { date: string; summary: CalendarDaySummary }) {
  const queryClient = useQueryClient();
  const shown = Math.min(summary.entries.length, CALENDAR_CELL_NAMES);
  const more = summary.count - shown;
  if (more <= 0) return null;
  const complete = summary.entries.length >= summary.count;
  const prefetch = () => {
    if (!complete) void queryClient.prefetchInfiniteQuery(calendarDayQueryOptions(date));
  };
  return (
    <Popover>
      <PopoverTrigger
        className="self-start rounded px-1 text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`${more} more away on ${formatDate(date)}`}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        +{more} more
      </PopoverTrigger>
      <PopoverContent className="max-h-80 w-56 overflow-y-auto p-3">
        <p className="mb-2 text-xs font-semibold">{formatDate(date)}</p>
        {complete ? (
          <NameList people={summary.entries} />
        ) : (
          <FetchedDayList date={date} preview={summary.entries} />
        )}
      </PopoverContent>
    </Popover>
  );
}

/**
 * "AM" when the person is away only the morning of `date` (their request ends at midday that day),
 * "PM" only the afternoon (it starts at midday), "½" for a one-day request with both; else null.
 */
export function halfDayMark(person: TeamHoliday, date: string): 'AM' | 'PM' | '½' | null {
  const pm = person.startHalfDay && person.startDate === date;
  const am = person.endHalfDay && person.endDate === date;
  if (pm && am) return '½';
  if (pm) return 'PM';
  if (am) return 'AM';
  return null;
}

const HALF_DAY_LABELS = { AM: 'morning only', PM: 'afternoon only', '½': 'half day' } as const;

function PersonName({ person, date }: { person: TeamHoliday; date: string }) {
  const mark = halfDayMark(person, date);
  return (
    <>
      {person.employeeName}
      {mark && (
        <>
          {' '}
          <span aria-hidden="true" className="font-semibold">
            {mark}
          </span>
          <span className="sr-only">({HALF_DAY_LABELS[mark]})</span>
        </>
      )}
    </>
  );
}

/** A bank holiday's name in a day: visible, on hover (title) and to screen readers. */
function BankHolidayMark({ name }: { name: string }) {
  return (
    <span
      data-testid="bank-holiday"
      title={`Bank holiday: ${name}`}
      className="truncate rounded bg-amber-100 px-1 py-0.5 text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      <span className="sr-only">Bank holiday: </span>
      {name}
    </span>
  );
}

/** One day of the grid: up to CALENDAR_CELL_NAMES names, then "+N more" (which lists everyone). */
export function CalendarDayCell({
  date,
  summary,
  today,
  weekend = false,
  bankHoliday,
}: {
  date: string;
  summary: CalendarDaySummary | undefined;
  today: boolean;
  weekend?: boolean;
  /** The name of the viewer's bank holiday that day. */
  bankHoliday?: string | undefined;
}) {
  const shown = summary?.entries.slice(0, CALENDAR_CELL_NAMES) ?? [];
  return (
    <div
      data-testid={`calendar-day-${date}`}
      aria-current={today ? 'date' : undefined}
      className={cn(
        'flex min-h-24 min-w-0 flex-col gap-1 border-t border-l p-1.5 text-xs',
        (weekend || bankHoliday) && 'bg-muted/40',
        today && 'bg-accent/60 ring-2 ring-primary ring-inset',
      )}
    >
      <span className={cn('font-semibold', today && 'text-primary')}>
        <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
        <span className="sr-only">{formatDate(date)}</span>
      </span>
      {bankHoliday && <BankHolidayMark name={bankHoliday} />}
      <ul className="grid gap-0.5">
        {shown.map((person) => {
          const mark = halfDayMark(person, date);
          return (
            <li
              key={person.id}
              className="truncate rounded bg-primary/10 px-1 py-0.5 text-primary"
              title={mark ? `${person.employeeName} (${HALF_DAY_LABELS[mark]})` : person.employeeName}
            >
              <PersonName person={person} date={date} />
            </li>
          );
        })}
      </ul>
      {summary && <MorePeople date={date} summary={summary} />}
    </div>
  );
}

function MonthGrid({
  month,
  byDay,
  today,
  bankHolidays,
}: {
  month: string;
  byDay: Map<string, CalendarDaySummary>;
  today: string;
  bankHolidays: Map<string, string>;
}) {
  return (
    <div className="overflow-hidden rounded-md border-r border-b" data-testid="calendar-grid">
      <div className="grid grid-cols-7" aria-hidden="true">
        {WEEKDAY_LABELS.map((day) => (
          <div
            key={day.short}
            className="border-t border-l bg-muted px-1.5 py-1 text-xs font-medium text-muted-foreground"
          >
            {day.short}
          </div>
        ))}
      </div>
      {monthWeeks(month).map((week) => (
        <div key={week.find(Boolean) ?? ''} className="grid grid-cols-7">
          {week.map((date, index) =>
            date ? (
              <CalendarDayCell
                key={date}
                date={date}
                summary={byDay.get(date)}
                today={date === today}
                weekend={index >= 5}
                bankHoliday={bankHolidays.get(date)}
              />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: padding cells have no identity
              <div key={`pad-${index}`} className="min-h-24 border-t border-l bg-muted/30" />
            ),
          )}
        </div>
      ))}
    </div>
  );
}

function DayList({
  days,
  today,
  bankHolidays,
}: {
  days: CalendarDaySummary[];
  today: string;
  bankHolidays: { date: string; name: string }[];
}) {
  const byDay = summaryByDay(days);
  // Days with someone away and bank holidays, in date order.
  const dates = [...new Set([...days.map((d) => d.date), ...bankHolidays.map((h) => h.date)])].sort();
  const holidayName = new Map(bankHolidays.map((h) => [h.date, h.name]));
  return (
    <ul className="grid gap-2" aria-label="Holidays by day">
      {dates.map((date) => {
        const day = byDay.get(date) ?? { date, count: 0, entries: [] };
        const holiday = holidayName.get(date);
        return (
          <li
            key={day.date}
            data-testid={`calendar-day-${day.date}`}
            aria-current={day.date === today ? 'date' : undefined}
            className={cn('rounded-md border p-3', day.date === today && 'border-primary bg-accent/60')}
          >
            <p className="text-sm font-semibold">{formatDate(day.date)}</p>
            {holiday && <BankHolidayMark name={holiday} />}
            <div className="flex flex-wrap items-baseline gap-x-1 text-sm text-muted-foreground">
              <span>
                {day.entries.slice(0, CALENDAR_CELL_NAMES).map((person, index) => (
                  <span key={person.id}>
                    {index > 0 && ', '}
                    <PersonName person={person} date={day.date} />
                  </span>
                ))}
              </span>
              <MorePeople date={day.date} summary={day} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function TeamCalendar({
  month,
  today,
  onMonthChange,
}: {
  month: string;
  today: string;
  onMonthChange: (month: string) => void;
}) {
  const calendar = useCalendar(month);
  const narrow = useNarrow();
  // With placeholder data the previous month stays visible until the new one arrives.
  const current = calendar.data?.month === month ? calendar.data : undefined;
  const days = current?.days ?? [];
  const bankHolidays = current?.bankHolidays ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          disabled={!isMonth(shiftMonth(month, -1))}
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h3 className="text-lg font-semibold" aria-live="polite" data-testid="calendar-month">
          {monthLabel(month)}
        </h3>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next month"
          disabled={!isMonth(shiftMonth(month, 1))}
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {calendar.isError ? (
        <LoadError
          title={HOLIDAY_MESSAGES.loadCompanyHolidaysFailed}
          detail={errorMessage(calendar.error)}
          query={calendar}
        />
      ) : !current ? (
        <LoadingRows rows={5} label="Loading team calendar" />
      ) : (
        <>
          {days.length === 0 && <EmptyState>{HOLIDAY_MESSAGES.noneThisMonth}</EmptyState>}
          {narrow ? (
            (days.length > 0 || bankHolidays.length > 0) && (
              <DayList days={days} today={today} bankHolidays={bankHolidays} />
            )
          ) : (
            <MonthGrid
              month={month}
              byDay={summaryByDay(days)}
              today={today}
              bankHolidays={new Map(bankHolidays.map((h) => [h.date, h.name]))}
            />
          )}
        </>
      )}
    </div>
  );
}
