import type { ApprovalsResponse, PendingApproval } from '@hr/shared/hr/holidays.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holidayKeys } from '../api/keys';
import { ApprovalsTable } from './approvals-table';

const request: PendingApproval = {
  id: '00000000-0000-4000-8000-000000000001',
  employeeRecordId: '00000000-0000-4000-8000-000000000002',
  userId: null,
  lineManagerId: null,
  startDate: '2030-03-11',
  endDate: '2030-03-13',
  holidayType: 'annual',
  reason: null,
  status: 'pending',
  workingDays: 3,
  daysRequested: 3,
  submittedAt: '2030-03-01T10:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reviewerComments: null,
  startHalfDay: false,
  endHalfDay: false,
  splitGroupId: null,
  requesterName: 'Alice Anders',
  requesterEmail: 'alice@northwind.example',
  remainingDays: 12.5,
  othersAway: ['Tom Turner'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/**
 * Renders the table over two pages of approvals (Alice's request, then Tom's), each fetch answered by
 * `override` when it returns a response. Returns the URLs fetched.
 */
function renderTwoPages(override: (url: string) => Response | null): string[] {
  const second = { ...request, id: '00000000-0000-4000-8000-000000000003', requesterName: 'Tom Turner' };
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const answer = override(url);
      if (answer) return answer;
      const page: ApprovalsResponse = url.includes('after=')
        ? { items: [second], total: 2, nextCursor: null }
        : { items: [request], total: 2, nextCursor: 'cursor-1' };
      return new Response(JSON.stringify(page), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApprovalsTable />
    </QueryClientProvider>,
  );
  return urls;
}

describe('ApprovalsTable', () => {
  it('closes the dialog, shows the toast and refreshes the list when the request was cancelled meanwhile', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.endsWith('/decision'))
          return new Response(
            JSON.stringify({ error: { code: 'CONFLICT', message: 'This request has already been decided' } }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          );
        return new Response(
          JSON.stringify({ items: [], total: 0, nextCursor: null } satisfies ApprovalsResponse),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        );
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(holidayKeys.approvals(), {
      pages: [{ items: [request], total: 1, nextCursor: null } satisfies ApprovalsResponse],
      pageParams: [null],
    });
    render(
      <QueryClientProvider client={client}>
        <ApprovalsTable />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Approve request of Alice Anders' })[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This request has already been decided')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialog.isConnected).toBe(false);
    await waitFor(() => expect(calls).toContain('GET /api/v1/holidays/approvals'));
  });

  it('loads the next page after the last one shown, with the count of them all', async () => {
    const urls = renderTwoPages(() => null);
    expect(await screen.findByText('Showing 1 of 2')).toBeTruthy();
    expect(screen.queryByText('Tom Turner', { selector: 'p' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Load more' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('2 pending')).toBeTruthy();
    // The last page has come and the button with it: focus moves to the count.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('2 pending'));
    expect(screen.getAllByRole('button', { name: 'Approve request of Tom Turner' }).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(urls).toEqual(['/api/v1/holidays/approvals', '/api/v1/holidays/approvals?after=cursor-1']);
  });

  it('a later page that fails says so beside the count and keeps Load more, with focus, to try again', async () => {
    let failNext = true;
    renderTwoPages((url) => {
      if (!url.includes('after=') || !failNext) return null;
      failNext = false;
      return new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Server error' } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    });
    const button = await screen.findByRole('button', { name: 'Load more' });
    button.focus();
    fireEvent.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load pending requests');
    // The loaded page stays, the button stays and keeps focus: pressing it again asks for the page.
    expect(screen.getByText('Showing 1 of 2')).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Load more' }).getAttribute('aria-busy')).toBeNull(),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('2 pending')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('2 pending'));
  });
});
