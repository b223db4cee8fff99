import type { JobBoardResponse, JobPageResponse, JobSummary } from '@hr/shared/workshop/workshop.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Me, meQueryKey } from '@/lib/session';
import { jobSummary } from '../testing/job-summary';
import { JobBoard } from './job-board';

const job = (n: number): JobSummary => jobSummary(n);

const board: JobBoardResponse = {
  orders: { jobs: [job(1), job(2)], total: 5, nextOffset: 2 },
  stock: { jobs: [], total: 0, nextOffset: null },
  complete: { jobs: [], total: 0, nextOffset: null },
  schedule: [],
  today: '2030-03-01',
};
const page = (offset: number, jobs: JobSummary[], nextOffset: number | null): JobPageResponse => ({
  list: 'orders',
  offset,
  jobs,
  total: 5,
  nextOffset,
  today: '2030-03-01',
});

const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>();
const answers = new Map<string, () => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = String(input);
    const answer = answers.get(url);
    if (!answer) throw new Error(`unexpected ${url}`);
    return answer();
  });
  answers.set('/api/v1/workshop/jobs', async () => new Response(JSON.stringify(board), { status: 200 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  answers.clear();
  window.localStorage.clear();
});

function renderBoard(
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
) {
  client.setQueryData(meQueryKey, {
    company: { id: '00000000-0000-4000-8000-0000000000aa' },
    permissions: { production: 'view' },
  } as unknown as Me);
  const view = render(
    <QueryClientProvider client={client}>
      <JobBoard />
    </QueryClientProvider>,
  );
  return { client, unmount: view.unmount };
}

const numbers = () =>
  within(screen.getByRole('list', { name: 'Orders jobs' }))
    .getAllByTestId('job-item')
    .map((li) => li.getAttribute('data-work-order'));

describe('JobBoard', () => {
  it("shows the server's counts and loads the rest of a list page by page", async () => {
    let release: () => void = () => {};
    answers.set(
      '/api/v1/workshop/job-page?list=orders&offset=50&limit=50',
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(new Response(JSON.stringify(page(50, [job(3), job(4)], 52)), { status: 200 }));
        }),
    );
    renderBoard();
    expect(await screen.findByRole('tab', { name: 'Orders (5)' })).toBeTruthy();
    expect(numbers()).toEqual(['WO-1', 'WO-2']);
    expect(screen.getByText('Showing 2 of 5')).toBeTruthy();

    const button = screen.getByRole('button', { name: 'Load more Orders jobs' });
    button.focus();
    fireEvent.click(button);
    // Loading: the button says so and cannot be pressed twice, and it keeps the keyboard's focus.
    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(busy);
    fireEvent.click(busy);
    release();
    await screen.findByText('Showing 4 of 5');
    expect(numbers()).toEqual(['WO-1', 'WO-2', 'WO-3', 'WO-4']);

    // The last page; a job already shown (it moved between pages) is not shown twice.
    answers.set(
      '/api/v1/workshop/job-page?list=orders&offset=52&limit=50',
      async () => new Response(JSON.stringify(page(52, [job(4), job(5)], null)), { status: 200 }),
    );
    const last = screen.getByRole('button', { name: 'Load more Orders jobs' });
    last.focus();
    fireEvent.click(last);
    await screen.findByText((_, el) => el?.getAttribute('data-work-order') === 'WO-5');
    expect(numbers()).toEqual(['WO-1', 'WO-2', 'WO-3', 'WO-4', 'WO-5']);
    expect(screen.queryByRole('button', { name: /^Load more/ })).toBeNull();
    // The button has gone: focus is on the count, not dropped on the page.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Showing 5 of 5'));
  });

  it('keeps pages loaded before the board was left fresh: a change refetches them too', async () => {
    let pageCalls = 0;
    answers.set('/api/v1/workshop/job-page?list=orders&offset=50&limit=50', async () => {
      pageCalls++;
      const jobs = pageCalls === 1 ? [job(3), job(4)] : [job(4)];
      return new Response(JSON.stringify(page(50, jobs, null)), { status: 200 });
    });
    const first = renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more Orders jobs' }));
    await screen.findByText((_, el) => el?.getAttribute('data-work-order') === 'WO-3');
    first.unmount();

    // Back on the board: the loaded page shows from the cache, and a job change (which invalidates
    // every workshop query) refetches it, so WO-3, which moved away meanwhile, is gone.
    renderBoard(first.client);
    await screen.findByText((_, el) => el?.getAttribute('data-work-order') === 'WO-3');
    await first.client.invalidateQueries({ queryKey: ['workshop'] });
    await vi.waitFor(() => expect(numbers()).toEqual(['WO-1', 'WO-2', 'WO-4']));
    expect(pageCalls).toBe(2);
  });
});
