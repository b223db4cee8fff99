import type { CalendarDayResponse, CalendarDaySummary, TeamHoliday } from '@hr/shared/hr/holidays.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextCalendarDayOffset } from '../api/get-calendar-day';
import { monthWeeks } from '../lib/dates';
import { CalendarDayCell, summaryByDay, TeamCalendar } from './team-calendar';

function person(employeeName: string, date = '2030-03-11'): TeamHoliday {
  return {
    id: crypto.randomUUID(),
    userId: null,
    employeeName,
    startDate: date,
    endDate: date,
    holidayType: 'annual',
    workingDays: 1,
    startHalfDay: false,
    endHalfDay: false,
  };
}

const NAMES = ['Alice Anders', 'Maya Mitchell', 'Olivia Owen', 'Tom Turner', 'Zoe Zimmer'];

function summary(count: number, date = '2030-03-11'): CalendarDaySummary {
  return { date, count, entries: NAMES.slice(0, Math.min(count, 3)).map((n) => person(n, date)) };
}

let fetchMock: ReturnType<typeof vi.fn>;

function respondWith(pages: Record<number, () => Response>) {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/v1/holidays/calendar/day') return new Response('{}', { status: 404 });
    const page = pages[Number(url.searchParams.get('offset'))];
    return page ? page() : new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function dayPage(offset: number, total: number, names: string[]): () => Response {
  const body: CalendarDayResponse = { date: '2030-03-11', total, offset, items: names.map((n) => person(n)) };
  return () => new Response(JSON.stringify(body), { status: 200 });
}

function renderCell(cell: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{cell}</QueryClientProvider>);
}

beforeEach(() => respondWith({}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CalendarDayCell', () => {
  it('lists up to two names and then +N more, which fetches and lists everyone away that day', async () => {
    respondWith({ 0: dayPage(0, 5, NAMES) });
    renderCell(<CalendarDayCell date="2030-03-11" summary={summary(5)} today={false} />);
    const cell = screen.getByTestId('calendar-day-2030-03-11');
    expect(
      within(cell)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alice Anders', 'Maya Mitchell']);
    const more = within(cell).getByRole('button', { name: /3 more away/ });
    expect(more.textContent).toBe('+3 more');
    fireEvent.click(more);
    expect(await screen.findByText('Zoe Zimmer')).toBeTruthy();
    expect(screen.getByText('Tom Turner')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('date')).toBe('2030-03-11');
  });

  it('shows "+1 more" from the summary alone, without a request', () => {
    renderCell(<CalendarDayCell date="2030-03-11" summary={summary(3)} today={false} />);
    fireEvent.click(screen.getByRole('button', { name: /1 more away/ }));
    expect(screen.getByText('Olivia Owen')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows two names without +N more, and nothing on a day without holidays', () => {
    renderCell(
      <>
        <CalendarDayCell date="2030-03-11" summary={summary(2)} today />
        <CalendarDayCell date="2030-03-12" summary={undefined} today={false} />
      </>,
    );
    const cell = screen.getByTestId('calendar-day-2030-03-11');
    expect(within(cell).queryByText(/more/)).toBeNull();
    expect(cell.getAttribute('aria-current')).toBe('date');
    expect(within(screen.getByTestId('calendar-day-2030-03-12')).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('loads the next page on Show more', async () => {
    respondWith({ 0: dayPage(0, 5, NAMES.slice(0, 3)), 3: dayPage(3, 5, NAMES.slice(3)) });
    renderCell(<CalendarDayCell date="2030-03-11" summary={summary(5)} today={false} />);
    fireEvent.click(screen.getByRole('button', { name: /3 more away/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Zoe Zimmer')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('says the list could not be loaded, and tries again', async () => {
    respondWith({
      0: () =>
        new Response(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: 'Database down' } }), {
          status: 500,
        }),
    });
    renderCell(<CalendarDayCell date="2030-03-11" summary={summary(5)} today={false} />);
    fireEvent.click(screen.getByRole('button', { name: /3 more away/ }));
    expect(await screen.findByText('Failed to load company holidays')).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
    respondWith({ 0: dayPage(0, 5, NAMES) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Zoe Zimmer')).toBeTruthy();
  });
});

describe('nextCalendarDayOffset', () => {
  it('follows the pages until everyone is loaded', () => {
    const page = (offset: number, count: number, total: number): CalendarDayResponse => ({
      date: '2030-03-11',
      total,
      offset,
      items: Array.from({ length: count }, (_, i) => person(`P${i}`)),
    });
    expect(nextCalendarDayOffset(page(0, 100, 250))).toBe(100);
    expect(nextCalendarDayOffset(page(200, 50, 250))).toBeUndefined();
    // The day emptied since the first page: stop rather than ask forever.
    expect(nextCalendarDayOffset(page(100, 0, 250))).toBeUndefined();
  });
});

describe('summaryByDay', () => {
  it('finds each day of the summary by its date', () => {
    const byDay = summaryByDay([summary(1, '2030-03-01'), summary(4, '2030-03-31')]);
    expect(byDay.get('2030-03-31')?.count).toBe(4);
    expect(byDay.has('2030-03-02')).toBe(false);
  });
});

describe('monthWeeks', () => {
  it('starts the weeks on Monday', () => {
    // 1 March 2030 is a Friday: four padding cells before it.
    const weeks = monthWeeks('2030-03');
    expect(weeks[0]).toEqual([null, null, null, null, '2030-03-01', '2030-03-02', '2030-03-03']);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
});

describe('TeamCalendar paging', () => {
  it('stops at the first and last months the server accepts (1900-01, 2999-12)', () => {
    const onMonthChange = vi.fn();
    const { unmount } = renderCell(
      <TeamCalendar month="1900-01" today="2026-11-27" onMonthChange={onMonthChange} />,
    );
    expect(screen.getByRole('button', { name: 'Previous month' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenCalledWith('1900-02');
    unmount();
    renderCell(<TeamCalendar month="2999-12" today="2026-11-27" onMonthChange={onMonthChange} />);
    expect(screen.getByRole('button', { name: 'Next month' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Previous month' }).hasAttribute('disabled')).toBe(false);
  });
});
