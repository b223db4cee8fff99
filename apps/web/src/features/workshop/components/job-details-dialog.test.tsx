import type { Job, JobSummary } from '@hr/shared/workshop/workshop.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workshopKeys } from '../api/workshop-keys';
import { jobSummary } from '../testing/job-summary';
import type { WorkshopAbilities } from '../workshop-access';
import { JobDetailsDialog } from './job-details-dialog';

const ID = '00000000-0000-4000-8000-000000000001';

const summary: JobSummary = jobSummary(1, {
  title: 'FAN-600 - Extraction fan',
  workOrderNumber: 'WO-1012',
  quantityRequired: 2,
});

const job: Job = {
  ...summary,
  type: 'work_order',
  parts: [
    {
      id: `${ID}-1`,
      index: 1,
      partNumber: 'IMP-450',
      name: 'Impeller 450 mm',
      quantity: 2,
      onHand: 0,
      inStock: false,
      needsOrder: true,
      orderQuantity: 2,
      supplier: 'Air Movement Ltd',
      known: true,
      isOrdered: false,
      quantityOrdered: 0,
      quantityReceived: 0,
      isReceived: false,
      isPartialDelivery: false,
      balanceToFollow: 0,
      state: 'to_order',
    },
  ],
  issuedAt: null,
  issuedBy: null,
  sopDocuments: ['/docs/sop/SOP-FAN-600.pdf'],
  photos: [],
  productId: null,
};

const abilities: WorkshopAbilities = { canEditJobs: true, canOrder: true, canReceive: true };

const fetchMock = vi.fn<(input: RequestInfo | URL) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog(jobId: string | null = ID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <JobDetailsDialog jobId={jobId} summary={summary} abilities={abilities} onOpenChange={vi.fn()} />
    </QueryClientProvider>,
  );
  return client;
}

describe('JobDetailsDialog', () => {
  it('opens at once with the card summary, then shows the full job it loads', async () => {
    let answer: (res: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderDialog();

    expect(screen.getByRole('dialog', { name: 'FAN-600 - Extraction fan' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading job details...');
    expect(screen.queryByTestId('part-IMP-450')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/v1/workshop/jobs/${ID}`);

    answer(new Response(JSON.stringify({ job }), { status: 200 }));
    expect((await screen.findByTestId('part-IMP-450')).textContent).toContain('To order');
    expect(screen.getByRole('link', { name: 'SOP-FAN-600.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Issue job' })).toBeTruthy();
    expect(screen.queryByText('Loading job details...')).toBeNull();
  });

  it('says when the job cannot be loaded, and tries again on request', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Job not found.' } }), {
        status: 404,
      }),
    );
    renderDialog();
    expect(await screen.findByText('Failed to load work order')).toBeTruthy();
    expect(screen.getByText('Job not found.')).toBeTruthy();
    // The header still names the job.
    expect(screen.getByRole('dialog', { name: 'FAN-600 - Extraction fan' })).toBeTruthy();

    fetchMock.mockResolvedValue(new Response(JSON.stringify({ job }), { status: 200 }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('part-IMP-450')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows a change to the job as soon as the server answers it', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ job }), { status: 200 }));
    const client = renderDialog();
    await screen.findByTestId('part-IMP-450');
    client.setQueryData(workshopKeys.job(ID), {
      ...job,
      issued: true,
      issuedBy: { id: ID, name: 'Maya Mitchell' },
    });
    await waitFor(() => expect(screen.getByText(/Issued.*by Maya Mitchell/)).toBeTruthy());
  });

  it('loads nothing while closed', () => {
    renderDialog(null);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
