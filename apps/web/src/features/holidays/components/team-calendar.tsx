/** Team Calendar: a Monday-first month grid (a list by day on phones) of approved holidays. */
import { CALENDAR_CELL_NAMES, HOLIDAY_MESSAGES, type TeamHoliday } from '@hr/shared/hr/holidays.schemas';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { useCalendar } from '../api/get-calendar';
import { useNarrow } from '../hooks/use-narrow';
import {
  daysInMonthBetween,
  formatDate,
  monthLabel,
  monthWeeks,
  shiftMonth,
  WEEKDAY_LABELS,
} from '../lib/dates';
import { EmptyState, ErrorAlert, LoadingRows } from './states';

/** Names away on each day of the month, sorted, from the holidays overlapping it. */
export function namesByDay(month: string, holidays: TeamHoliday[]): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  for (const holiday of holidays) {
    for (const day of daysInMonthBetween(month, holiday.startDate, holiday.endDate)) {
      const names = byDay.get(day) ?? [];
      if (!names.includes(holiday.employeeName)) names.push(holiday.employeeName);
      byDay.set(day, names);
    }
  }
  for (const names of byDay.values()) names.sort((a, b) => a.localeCompare(b));
  return byDay;
}

/** One day of the grid: up to CALENDAR_CELL_NAMES names, then "+N more" (which lists the rest). */
export function CalendarDayCell({
  date,
  names,
  today,
  weekend = false,
}: {
  date: string;
  names: string[];
  today: boolean;
  weekend?: boolean;
}) {
  const shown = names.slice(0, CALENDAR_CELL_NAMES);
  const hidden = names.slice(CALENDAR_CELL_NAMES);
  return (
    <div
      data-testid={`calendar-day-${date}`}
      aria-current={today ? 'date' : undefined}
      className={cn(
        'flex min-h-24 min-w-0 flex-col gap-1 border-t border-l p-1.5 text-xs',
        weekend && 'bg-muted/40',
        today && 'bg-accent/60 ring-2 ring-primary ring-inset',
      )}
    >
      <span className={cn('font-semibold', today && 'text-primary')}>
        <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
        <span className="sr-only">{formatDate(date)}</span>
      </span>
      <ul className="grid gap-0.5">
        {shown.map((name) => (
          <li key={name} className="truncate rounded bg-primary/10 px-1 py-0.5 text-primary" title={name}>
            {name}
          </li>
        ))}
      </ul>
      {hidden.length > 0 && (
        <Popover>
          <PopoverTrigger
            className="self-start rounded px-1 text-muted-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`${hidden.length} more away on ${formatDate(date)}`}
          >
            +{hidden.length} more
          </PopoverTrigger>
          <PopoverContent className="w-56 p-3">
            <p className="mb-2 text-xs font-semibold">{formatDate(date)}</p>
            <ul className="grid gap-1 text-sm">
              {names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </PopoverContent>
        </Popover>
      )}
    </div>
  );
}

function MonthGrid({ month, byDay, today }: { month: string; byDay: Map<string, string[]>; today: string }) {
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
                names={byDay.get(date) ?? []}
                today={date === today}
                weekend={index >= 5}
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

function DayList({ byDay, today }: { byDay: Map<string, string[]>; today: string }) {
  const days = [...byDay.keys()].sort();
  return (
    <ul className="grid gap-2" aria-label="Holidays by day">
      {days.map((day) => (
        <li
          key={day}
          data-testid={`calendar-day-${day}`}
          aria-current={day === today ? 'date' : undefined}
          className={cn('rounded-md border p-3', day === today && 'border-primary bg-accent/60')}
        >
          <p className="text-sm font-semibold">{formatDate(day)}</p>
          <p className="text-sm text-muted-foreground">{(byDay.get(day) ?? []).join(', ')}</p>
        </li>
      ))}
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
  const byDay = namesByDay(month, current?.items ?? []);

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
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
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {calendar.isError ? (
        <ErrorAlert
          title={HOLIDAY_MESSAGES.loadCompanyHolidaysFailed}
          detail={errorMessage(calendar.error)}
        />
      ) : !current ? (
        <LoadingRows rows={5} label="Loading team calendar" />
      ) : (
        <>
          {current.items.length === 0 && <EmptyState>{HOLIDAY_MESSAGES.noneThisMonth}</EmptyState>}
          {narrow ? (
            current.items.length > 0 && <DayList byDay={byDay} today={today} />
          ) : (
            <MonthGrid month={month} byDay={byDay} today={today} />
          )}
        </>
      )}
    </div>
  );
}
