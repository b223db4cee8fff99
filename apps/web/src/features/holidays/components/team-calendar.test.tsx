import type { TeamHoliday } from '@hr/shared/hr/holidays.schemas';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthWeeks } from '../lib/dates';
import { CalendarDayCell, namesByDay } from './team-calendar';

function holiday(employeeName: string, startDate: string, endDate: string): TeamHoliday {
  return {
    id: crypto.randomUUID(),
    userId: null,
    employeeName,
    startDate,
    endDate,
    holidayType: 'annual',
    workingDays: 1,
  };
}

describe('CalendarDayCell', () => {
  it('lists up to two names and then +N more', () => {
    render(
      <CalendarDayCell
        date="2030-03-11"
        names={['Alice Anders', 'Maya Mitchell', 'Olivia Owen', 'Tom Turner']}
        today={false}
      />,
    );
    const cell = screen.getByTestId('calendar-day-2030-03-11');
    expect(
      within(cell)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Alice Anders', 'Maya Mitchell']);
    const more = within(cell).getByRole('button', { name: /2 more away/ });
    expect(more.textContent).toBe('+2 more');
    fireEvent.click(more);
    expect(screen.getByText('Tom Turner')).toBeTruthy();
  });

  it('shows two names without +N more', () => {
    render(<CalendarDayCell date="2030-03-11" names={['Alice Anders', 'Tom Turner']} today />);
    const cell = screen.getByTestId('calendar-day-2030-03-11');
    expect(within(cell).queryByText(/more/)).toBeNull();
    expect(cell.getAttribute('aria-current')).toBe('date');
  });
});

describe('namesByDay', () => {
  it('puts holidays crossing the month boundary on the days inside the month, names sorted', () => {
    const byDay = namesByDay('2030-03', [
      holiday('Tom Turner', '2030-02-27', '2030-03-02'),
      holiday('Alice Anders', '2030-03-01', '2030-03-01'),
      holiday('Maya Mitchell', '2030-03-31', '2030-04-03'),
    ]);
    expect(byDay.get('2030-03-01')).toEqual(['Alice Anders', 'Tom Turner']);
    expect(byDay.get('2030-03-02')).toEqual(['Tom Turner']);
    expect(byDay.get('2030-03-31')).toEqual(['Maya Mitchell']);
    expect(byDay.has('2030-02-28')).toBe(false);
    expect(byDay.has('2030-04-01')).toBe(false);
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
