import type { AuditPage } from '@hr/shared/audit/audit.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditExportHref, auditQueryString } from '../api/get-audit-events';
import { AuditTrailTab } from './audit-trail-tab';

const OWNER = '00000000-0000-4000-8000-0000000000aa';

const page = (over: Partial<AuditPage> = {}): AuditPage => ({
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      createdAt: '2026-03-02T10:00:00.000Z',
      kind: 'role.changed',
      actorUserId: OWNER,
      actorName: 'Olivia Owen',
      targetType: 'user',
      targetId: '00000000-0000-4000-8000-000000000002',
      targetLabel: 'tom@northwind.example',
      before: { role: 'operative' },
      after: { role: 'admin' },
      ipAddress: '203.0.113.9',
    },
  ],
  total: 51,
  page: 1,
  pageSize: 50,
  people: [{ id: OWNER, name: 'Olivia Owen' }],
  ...over,
});

function renderTab(answers: AuditPage[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = answers[Math.min(urls.length - 1, answers.length - 1)];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuditTrailTab />
    </QueryClientProvider>,
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AuditTrailTab', () => {
  it('lists who, what, the change and the IP, and pages', async () => {
    const urls = renderTab([page(), page({ page: 2, items: [] })]);
    expect(await screen.findByText('tom@northwind.example')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Role changed' })).toBeTruthy();
    expect(screen.getByText('role: operative')).toBeTruthy();
    expect(screen.getByText('role: admin')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2 (51 entries)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls.at(-1)).toBe('/api/v1/settings/audit-events?page=2'));
  });

  it('filters by person and kind, and the export link follows the filter', async () => {
    const urls = renderTab([page()]);
    await screen.findByText('tom@northwind.example');
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: OWNER } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'role.changed' } });
    await waitFor(() =>
      expect(urls.at(-1)).toBe(`/api/v1/settings/audit-events?userId=${OWNER}&kind=role.changed`),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/v1/settings/audit-events/export?userId=${OWNER}&kind=role.changed`,
    );
  });

  it('says so when nothing matches, and refuses a backwards date range', async () => {
    renderTab([page({ items: [], total: 0 })]);
    expect(await screen.findByText('No audit entries match these filters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-01' } });
    expect(await screen.findByText('The start date must be on or before the end date')).toBeTruthy();
  });
});

describe('auditQueryString', () => {
  it('leaves out empty values and the first page', () => {
    expect(auditQueryString({})).toBe('');
    expect(auditQueryString({ from: '2026-01-01', to: '2026-01-31' }, 1)).toBe(
      '?from=2026-01-01&to=2026-01-31',
    );
    expect(auditQueryString({ kind: 'leave.booked' }, 3)).toBe('?kind=leave.booked&page=3');
    expect(auditExportHref({})).toBe('/api/v1/settings/audit-events/export');
  });
});
