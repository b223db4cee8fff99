import { PROFILE_MESSAGES, type Profile } from '@hr/shared/profile/profile.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileForm } from './profile-form';

const MANAGER = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';

const profile = (canChangeLineManager: boolean): Profile => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'tom@northwind.example',
  fullName: 'Tom Turner',
  position: 'Welder',
  lineManagerId: MANAGER,
  avatarUrl: null,
  canChangeLineManager,
});

const sent: unknown[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url === '/api/v1/profile/line-manager-options') {
    return Response.json({
      users: [
        { id: MANAGER, fullName: 'Maya Mitchell', email: 'manager@northwind.example' },
        { id: OTHER, fullName: 'Olivia Owen', email: 'owner@northwind.example' },
      ],
    });
  }
  if (url === '/api/v1/profile' && init?.method === 'PUT') {
    sent.push(JSON.parse(String(init.body)));
    return Response.json({ ...profile(false), ...JSON.parse(String(init.body)) });
  }
  return new Response('{}', { status: 404 });
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  sent.length = 0;
});

function renderForm(canChange: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProfileForm profile={profile(canChange)} />
    </QueryClientProvider>,
  );
}

describe('ProfileForm line manager', () => {
  it('is read-only for a user who may not change it, and goes back unchanged on save', async () => {
    renderForm(false);
    const select = screen.getByLabelText('Line Manager') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect(select.disabled).toBe(true);
    expect(select.value).toBe(MANAGER);
    expect(screen.getByText(PROFILE_MESSAGES.lineManagerLocked)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ fullName: 'Tom Turner', position: 'Welder', lineManagerId: MANAGER });
  });

  it('can be changed by a user the server allows', async () => {
    renderForm(true);
    const select = screen.getByLabelText('Line Manager') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(screen.queryByText(PROFILE_MESSAGES.lineManagerLocked)).toBeNull();
    fireEvent.change(select, { target: { value: OTHER } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ fullName: 'Tom Turner', position: 'Welder', lineManagerId: OTHER });
  });
});
