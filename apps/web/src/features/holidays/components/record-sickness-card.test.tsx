import { SEARCH_MAX_LENGTH } from '@hr/shared/search';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordSicknessCard } from './record-sickness-card';

const NINA = '00000000-0000-4000-8000-000000000007';
let refuse: { status: number; body: unknown } | null = null;

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (url.startsWith('/api/v1/holidays/sickness/employees')) {
    const search = new URL(url, 'http://localhost').searchParams.get('search') ?? '';
    const items = [{ id: NINA, fullName: 'Nina Newman', employeeNumber: 'EMP-007' }].filter((e) =>
      e.fullName.toLowerCase().includes(search.toLowerCase()),
    );
    return reply(200, { items, more: false });
  }
  if (url === '/api/v1/holidays/sickness' && init?.method === 'POST') {
    if (refuse) return reply(refuse.status, refuse.body);
    const body = JSON.parse(String(init.body));
    return reply(201, { ...body, id: '00000000-0000-4000-8000-0000000000aa', status: 'approved' });
  }
  return reply(404, {});
});

beforeEach(() => {
  refuse = null;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RecordSicknessCard today="2030-03-04" />
    </QueryClientProvider>,
  );
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('RecordSicknessCard', () => {
  it('records a single past day for the chosen employee', async () => {
    renderCard();
    const select = (await screen.findByLabelText('Employee')) as HTMLSelectElement;
    expect((screen.getByLabelText('First day off sick') as HTMLInputElement).max).toBe('2030-03-04');
    fireEvent.change(select, { target: { value: NINA } });
    fireEvent.change(screen.getByLabelText('First day off sick'), { target: { value: '2030-02-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record sickness' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      employeeRecordId: NINA,
      startDate: '2030-02-12',
      endDate: '2030-02-12',
      reason: null,
    });
  });

  it('asks for an employee and a date before sending, and shows the server refusal under its field', async () => {
    renderCard();
    await screen.findByLabelText('Employee');
    fireEvent.click(screen.getByRole('button', { name: 'Record sickness' }));
    expect(await screen.findByText('Choose an employee', { selector: 'p' })).toBeTruthy();
    expect(posts()).toHaveLength(0);

    refuse = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Sickness can only be recorded for days that have started',
          fields: { startDate: 'Sickness can only be recorded for days that have started' },
        },
      },
    };
    fireEvent.change(screen.getByLabelText('Employee'), { target: { value: NINA } });
    fireEvent.change(screen.getByLabelText('First day off sick'), { target: { value: '2030-03-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record sickness' }));
    expect(
      await screen.findByText('Sickness can only be recorded for days that have started', { selector: 'p' }),
    ).toBeTruthy();
  });

  it('says when nobody matches the search', async () => {
    renderCard();
    await screen.findByLabelText('Employee');
    const search = screen.getByLabelText('Find employee');
    expect(search.getAttribute('maxlength')).toBe(String(SEARCH_MAX_LENGTH));
    fireEvent.change(search, { target: { value: 'zz' } });
    expect(await screen.findByText('No employees match your search')).toBeTruthy();
  });
});
