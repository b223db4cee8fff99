import { LEAVE_SETTINGS_DEFAULTS, type LeaveSettings } from '@hr/shared/leave/leave.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveSettingsQueryKey } from '../api/leave-settings';
import { LeaveRulesCard } from './leave-rules-card';

const fetchMock = vi.fn(
  async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Response(typeof init?.body === 'string' ? init.body : '{}', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // The Switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderCard(data: LeaveSettings, readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(leaveSettingsQueryKey, data);
  return render(
    <QueryClientProvider client={client}>
      <LeaveRulesCard readOnly={readOnly} />
    </QueryClientProvider>,
  );
}

const saves = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('LeaveRulesCard', () => {
  it('shows the saved rules and sends the edited ones', async () => {
    renderCard(LEAVE_SETTINGS_DEFAULTS);
    const cap = screen.getByLabelText('Carry-over cap (days)') as HTMLInputElement;
    expect(cap.value).toBe('0');
    expect((screen.getByLabelText('Annual Leave uses allowance') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Study Leave uses allowance') as HTMLInputElement).checked).toBe(false);
    fireEvent.change(cap, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Carry-over expires'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Study Leave uses allowance'));
    fireEvent.click(screen.getByLabelText('Sick Leave needs approval'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Leave Rules' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(String(saves()[0]?.[1]?.body))).toEqual({
      carryOverCapDays: 5,
      carryOverExpiryMonths: null,
      allowNegativeBalance: false,
      allowanceLeaveTypes: ['annual', 'study'],
      approvalLeaveTypes: ['annual', 'personal', 'maternity', 'paternity', 'study', 'unpaid'],
    });
  });

  it('refuses a bad cap with its message and sends nothing', async () => {
    renderCard(LEAVE_SETTINGS_DEFAULTS);
    fireEvent.change(screen.getByLabelText('Carry-over cap (days)'), { target: { value: '2.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Leave Rules' }));
    expect(await screen.findByText('Days must be in steps of 0.5')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Carry-over cap (days)'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Leave Rules' }));
    expect(await screen.findByText('Cannot be negative')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('is read-only at View: controls disabled, no save button', () => {
    renderCard(LEAVE_SETTINGS_DEFAULTS, true);
    expect(screen.getByLabelText('Carry-over cap (days)').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Annual Leave needs approval').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Leave Rules' })).toBeNull();
  });
});
