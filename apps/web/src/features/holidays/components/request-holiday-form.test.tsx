import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestHolidayForm } from './request-holiday-form';

const TODAY = '2030-03-04';

function renderForm(initialType?: 'annual' | 'sick') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RequestHolidayForm today={TODAY} initialType={initialType} />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith('/api/v1/holidays/working-days')) {
    return new Response(JSON.stringify({ workingDays: 3, totalDays: 5 }), { status: 200 });
  }
  return new Response('{}', { status: 404 });
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('RequestHolidayForm', () => {
  it('offers no date before today, and no end before the start', () => {
    renderForm();
    const start = screen.getByLabelText('Start Date') as HTMLInputElement;
    const end = screen.getByLabelText('End Date') as HTMLInputElement;
    expect(start.min).toBe(TODAY);
    expect(end.min).toBe(TODAY);
    fireEvent.change(start, { target: { value: '2030-03-10' } });
    expect(end.min).toBe('2030-03-10');
  });

  it('fills an empty end date with the picked start date', () => {
    renderForm();
    const end = screen.getByLabelText('End Date') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2030-03-11' } });
    expect(end.value).toBe('2030-03-11');
    // A chosen end date is left alone.
    fireEvent.change(end, { target: { value: '2030-03-15' } });
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2030-03-12' } });
    expect(end.value).toBe('2030-03-15');
  });

  it('copies only a complete start date typed digit by digit into the end date', () => {
    renderForm();
    const start = screen.getByLabelText('Start Date');
    const end = screen.getByLabelText('End Date') as HTMLInputElement;
    // What Chromium reports while 01182027 is typed into a date field: the year grows digit by digit.
    for (const partial of ['0002-01-18', '0020-01-18', '0202-01-18']) {
      fireEvent.change(start, { target: { value: partial } });
      expect(end.value).toBe('');
    }
    fireEvent.change(start, { target: { value: '2027-01-18' } });
    expect(end.value).toBe('2027-01-18');
  });

  it('shows the inclusive day count and the working days from the server', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2030-03-08' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2030-03-12' } });
    await waitFor(() =>
      expect(screen.getByTestId('request-duration').textContent).toBe('5 days (3 working days)'),
    );
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      '/api/v1/holidays/working-days?start=2030-03-08&end=2030-03-12',
    );
  });

  it('refuses an end date before the start date', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2030-03-12' } });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2030-03-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('End date must be after or equal to start date')).toBeTruthy();
    expect(screen.queryByTestId('request-duration')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/holidays/requests')).toBe(false);
  });

  it('requires both dates', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Start date is required')).toBeTruthy();
    expect(screen.getByText('End date is required')).toBeTruthy();
  });

  it('defaults to Annual Leave, and to Sick Leave when asked', () => {
    const { unmount } = renderForm();
    expect((screen.getByLabelText('Holiday Type') as HTMLSelectElement).value).toBe('annual');
    unmount();
    renderForm('sick');
    const select = screen.getByLabelText('Holiday Type') as HTMLSelectElement;
    expect(select.value).toBe('sick');
    expect(select.selectedOptions[0]?.textContent).toBe('Sick Leave');
  });

  it('offers Sick Leave 14 days back and no further, and no past date for any other type', async () => {
    renderForm('sick');
    const start = screen.getByLabelText('Start Date') as HTMLInputElement;
    expect(start.min).toBe('2030-02-18');
    fireEvent.change(start, { target: { value: '2030-02-17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('You can record your own sickness up to 14 days back')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Holiday Type'), { target: { value: 'annual' } });
    expect(start.min).toBe(TODAY);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Start date cannot be in the past')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/holidays/requests')).toBe(false);
  });
});
