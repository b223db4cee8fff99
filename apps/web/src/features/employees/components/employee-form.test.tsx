import type { CompanyUserOption } from '@hr/shared/hr/employees.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { regionsQueryOptions } from '@/lib/regions';
import { EmployeeForm } from './employee-form';

const users: CompanyUserOption[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    fullName: 'Maya Mitchell',
    email: 'manager@northwind.example',
  },
  { id: '00000000-0000-4000-8000-000000000002', fullName: null, email: 'nobody@northwind.example' },
];

function renderForm(onSubmit = vi.fn()) {
  // The region list as the server gives it (kept fresh: nothing is fetched).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(regionsQueryOptions.queryKey, {
    items: [
      { key: 'england-and-wales', name: 'England and Wales' },
      { key: 'scotland', name: 'Scotland' },
    ],
  });
  render(
    <QueryClientProvider client={client}>
      <EmployeeForm users={users} onSubmit={onSubmit} onCancel={vi.fn()} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('EmployeeForm', () => {
  it('shows the spec messages for the required fields', async () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    for (const message of [
      'Full name is required',
      'Invalid email address',
      'Position is required',
      'Employee number is required',
      'Start date is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses negative and too many holiday days', async () => {
    renderForm();
    fill('Annual Holiday Days', '-1');
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('Holiday days must be non-negative')).toBeTruthy();
    fill('Annual Holiday Days', '400');
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('Cannot exceed 365 days')).toBeTruthy();
  });

  it('trims and lower-cases the email on blur', () => {
    renderForm();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    fireEvent.change(email, { target: { value: '  New.Person@Example.COM ' } });
    fireEvent.blur(email);
    expect(email.value).toBe('new.person@example.com');
  });

  it("submits the cleaned values with no days (the server's company default) and no user or manager", async () => {
    const onSubmit = renderForm();
    expect((screen.getByLabelText('Annual Holiday Days') as HTMLInputElement).value).toBe('');
    fill('Full Name', '  Nora North ');
    fill('Email', 'Nora@Northwind.Example');
    fill('Position', 'Fitter');
    fill('Employee Number', 'EMP100');
    fill('Start Date', '2030-01-06');
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      fullName: 'Nora North',
      email: 'nora@northwind.example',
      position: 'Fitter',
      department: null,
      employeeNumber: 'EMP100',
      startDate: '2030-01-06',
      annualHolidayDays: null,
      userId: null,
      lineManagerId: null,
      region: null,
      workingPattern: null,
    });
  });

  it('sends a region and an own working week; an empty week is refused', async () => {
    const onSubmit = renderForm();
    fill('Full Name', 'Fiona Fraser');
    fill('Email', 'fiona@northwind.example');
    fill('Position', 'Engineer');
    fill('Employee Number', 'EMP200');
    fill('Start Date', '2030-01-06');
    fill('Region for public holidays', 'scotland');
    fireEvent.click(screen.getByLabelText('Company working days'));
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      fireEvent.click(screen.getByLabelText(day));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('Choose at least one working day')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    for (const day of ['Monday', 'Tuesday', 'Wednesday']) fireEvent.click(screen.getByLabelText(day));
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      region: 'scotland',
      workingPattern: ['monday', 'tuesday', 'wednesday'],
    });
  });

  it('offers the company users with None / No line manager, and an empty day count is left to the server', async () => {
    const onSubmit = renderForm();
    const userSelect = screen.getByLabelText('Linked User Account') as HTMLSelectElement;
    const managerSelect = screen.getByLabelText('Line Manager') as HTMLSelectElement;
    expect(userSelect.options[0]?.textContent).toBe('None');
    expect(managerSelect.options[0]?.textContent).toBe('No line manager');
    expect(managerSelect.options[1]?.textContent).toBe('Maya Mitchell (manager@northwind.example)');
    fill('Full Name', 'Nora North');
    fill('Email', 'nora@northwind.example');
    fill('Position', 'Fitter');
    fill('Employee Number', 'EMP100');
    fill('Start Date', '2030-01-06');
    fill('Annual Holiday Days', '');
    fireEvent.change(managerSelect, { target: { value: users[0]?.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      annualHolidayDays: null,
      lineManagerId: users[0]?.id,
    });
  });

  it("shows the server's entitlement calculation for the start date and working week", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const part = url.searchParams.get('workingPattern') === 'monday,wednesday,friday';
      return new Response(
        JSON.stringify({
          annualDays: part ? 20 : 33,
          defaulted: true,
          annualLines: [part ? 'Part time: 3 of the company’s 5 working days a week' : 'Full time'],
          yearStart: '2030-01-01',
          yearEnd: '2030-12-31',
          yearDays: url.searchParams.get('startDate') ? 10 : null,
          yearLines: url.searchParams.get('startDate') ? ['Employed 184 of the year’s 365 days'] : [],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      renderForm();
      const box = await screen.findByTestId('employee-entitlement');
      await waitFor(() => expect(box.textContent).toContain('Full year: 33 days'));
      expect(box.textContent).toContain('Enter a start date');
      fill('Start Date', '2030-07-01');
      fireEvent.click(screen.getByLabelText('Company working days'));
      for (const day of ['Tuesday', 'Thursday']) fireEvent.click(screen.getByLabelText(day));
      await waitFor(() => expect(box.textContent).toContain('Full year: 20 days'));
      expect(box.textContent).toContain('This holiday year: 10 days');
      expect(box.textContent).toContain('Part time: 3 of');
      const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
      expect(last.pathname).toBe('/api/v1/employees/entitlement');
      expect(last.searchParams.get('startDate')).toBe('2030-07-01');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
