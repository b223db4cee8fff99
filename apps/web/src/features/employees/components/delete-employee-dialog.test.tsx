import { EMPLOYEE_MESSAGES, type Employee } from '@hr/shared/hr/employees.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteEmployeeDialog } from './delete-employee-dialog';

const employee = {
  id: '00000000-0000-4000-8000-000000000001',
  fullName: 'Alice Anders',
} as Employee;

const fetchMock = vi.fn(
  async () =>
    new Response(
      JSON.stringify({ error: { code: 'CONFLICT', message: EMPLOYEE_MESSAGES.hasHolidayRequests } }),
      { status: 409, headers: { 'content-type': 'application/json' } },
    ),
);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('DeleteEmployeeDialog', () => {
  it("shows the server's reason in the dialog when it refuses, and stays open", async () => {
    const onClose = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DeleteEmployeeDialog employee={employee} onClose={onClose} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/Are you sure you want to delete Alice Anders\?/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(EMPLOYEE_MESSAGES.hasHolidayRequests),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/employees/${employee.id}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
