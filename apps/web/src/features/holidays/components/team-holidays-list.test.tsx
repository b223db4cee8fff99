import { HOLIDAY_AWAY_LABEL } from '@hr/shared/hr/holiday-constants';
import type { UpcomingResponse } from '@hr/shared/hr/holidays.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeamHolidaysList } from './team-holidays-list';

const upcoming: UpcomingResponse = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      userId: null,
      employeeName: 'Tom Turner',
      startDate: '2030-03-11',
      endDate: '2030-03-11',
      holidayType: null,
      workingDays: 1,
      startHalfDay: false,
      endHalfDay: false,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      userId: null,
      employeeName: 'Alice Anders',
      startDate: '2030-03-12',
      endDate: '2030-03-12',
      holidayType: 'sick',
      workingDays: 1,
      startHalfDay: false,
      endHalfDay: false,
    },
  ],
};

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(upcoming)),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe('TeamHolidaysList', () => {
  it('shows "Away" where the server left the type out, and the type where it sent one', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TeamHolidaysList />
      </QueryClientProvider>,
    );
    const tom = (await screen.findByText('Tom Turner')).closest('li');
    expect(tom?.textContent).toContain(HOLIDAY_AWAY_LABEL);
    expect((await screen.findByText('Alice Anders')).closest('li')?.textContent).toContain('Sick Leave');
  });
});
