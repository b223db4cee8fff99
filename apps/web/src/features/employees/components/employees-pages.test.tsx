import { employeeCountLabel } from '@hr/shared/hr/employees.schemas';
import { SEARCH_MAX_LENGTH } from '@hr/shared/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmployeesView, pagerText } from './employees-view';
import { testEmployee } from './test-employee';

const person = (n: number) => testEmployee(n);

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's pages: the first says more than 1,000 match; the cursor "c1" leads to the last page. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/v1/me') {
    return jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'Not signed in' } }, 401);
  }
  const after = url.searchParams.get('after');
  const base = { total: 1000, totalCapped: true, page: 1, pageSize: 50 };
  return after === 'c1'
    ? jsonResponse({ ...base, items: [person(2)], nextCursor: null })
    : jsonResponse({ ...base, items: [person(1)], nextCursor: 'c1' });
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('a count that stopped at its cap (ADR 0115)', () => {
  it('reads "1,000+ employees"; an exact count keeps the spec\'s "employee" / "employees"', () => {
    expect(employeeCountLabel(1000, true)).toBe('1,000+ employees');
    expect(employeeCountLabel(1000)).toBe('1,000 employees');
    expect(employeeCountLabel(999)).toBe('999 employees');
    expect(employeeCountLabel(1)).toBe('1 employee');
    expect(employeeCountLabel(0)).toBe('0 employees');
  });

  it('says how many pages there are at least, until the last one is reached', () => {
    const capped = { total: 1000, totalCapped: true, pageSize: 50 };
    expect(pagerText({ ...capped, page: 1, hasNext: true })).toBe('Page 1 of 20+');
    expect(pagerText({ ...capped, page: 25, hasNext: true })).toBe('Page 25 of 26+');
    expect(pagerText({ ...capped, page: 42, hasNext: false })).toBe('Page 42 of 42');
    expect(pagerText({ total: 120, totalCapped: false, pageSize: 50, page: 2, hasNext: true })).toBe(
      'Page 2 of 3',
    );
    expect(pagerText({ total: 0, totalCapped: false, pageSize: 50, page: 1, hasNext: false })).toBe(
      'Page 1 of 1',
    );
  });

  it('shows "1,000+ employees" in the badge and pages by the cursor the server gave', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EmployeesView />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('employee-count').textContent).toBe('1,000+ employees'));
    // The box takes no more than the server accepts.
    expect(screen.getByLabelText('Search employees').getAttribute('maxlength')).toBe(
      String(SEARCH_MAX_LENGTH),
    );
    expect(screen.getByText('Page 1 of 20+')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Person 1/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Person 2/ })).toBeTruthy());
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByTestId('employee-count').textContent).toBe('1,000+ employees');
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.filter((u) => u.startsWith('/api/v1/employees?'))).toEqual([
      '/api/v1/employees?pageSize=50',
      '/api/v1/employees?pageSize=50&after=c1',
    ]);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Person 1/ })).toBeTruthy());
    expect(screen.getByText('Page 1 of 20+')).toBeTruthy();
  });
});
