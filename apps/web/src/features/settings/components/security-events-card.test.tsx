import type { SecurityEventsResponse } from '@hr/shared/settings/settings.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { securityEventsQueryKey } from '../api/get-security-events';
import { SecurityEventsCard } from './security-events-card';

function renderCard(data: SecurityEventsResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(securityEventsQueryKey, data);
  return render(
    <QueryClientProvider client={client}>
      <SecurityEventsCard />
    </QueryClientProvider>,
  );
}

describe('SecurityEventsCard', () => {
  it('lists developer switches and role changes with who, from where and the detail', () => {
    renderCard({
      events: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          action: 'company_switched',
          email: 'dev@platform.example',
          ipAddress: '203.0.113.9',
          detail: null,
          createdAt: '2026-03-02T10:00:00.000Z',
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          action: 'role_changed',
          email: 'tom@northwind.example',
          ipAddress: null,
          detail: 'Operative -> Admin',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
      ],
    });
    expect(screen.getByText('Security events')).toBeTruthy();
    expect(screen.getByText('Developer switched into this company')).toBeTruthy();
    expect(screen.getByText('dev@platform.example')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('Role changed')).toBeTruthy();
    expect(screen.getByText('Operative -> Admin')).toBeTruthy();
  });

  it('says when there is nothing yet', () => {
    renderCard({ events: [] });
    expect(screen.getByText('No security events yet.')).toBeTruthy();
  });
});
