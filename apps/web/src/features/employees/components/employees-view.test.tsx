import { EMPLOYEE_MESSAGES, type Employee } from '@hr/shared/hr/employees.schemas';
import { sectionAccessMap } from '@hr/shared/permissions';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmployeeTable } from './employee-table';
import { employeeActions } from './employees-view';
import { testEmployee } from './test-employee';

const employee = testEmployee(1, { fullName: 'Ann Example', email: 'ann@example.com' });

const superAdminAt = (level: 'no_access' | 'view' | 'admin' | 'full') => ({
  role: 'super_admin' as const,
  permissions: sectionAccessMap('super_admin', { employees: level }),
});

describe('Employee Management actions follow the Employees level (the server refuses the rest)', () => {
  it('offers Add and Delete at Full, Edit from Admin, nothing at View', () => {
    expect(employeeActions(superAdminAt('full'))).toEqual({ create: true, edit: true, remove: true });
    expect(employeeActions(superAdminAt('admin'))).toEqual({ create: false, edit: true, remove: false });
    expect(employeeActions(superAdminAt('view'))).toEqual({ create: false, edit: false, remove: false });
  });

  it('draws no Edit or Delete button when the view passes no handler', () => {
    render(<EmployeeTable employees={[employee]} loading={false} searching={false} />);
    expect(screen.queryByRole('button', { name: 'Edit Ann Example' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Ann Example' })).toBeNull();
  });
});

describe('the employee list in a window under 640 px wide', () => {
  const widthBefore = window.innerWidth;
  afterEach(() => {
    cleanup();
    act(() => {
      window.innerWidth = widthBefore;
      window.dispatchEvent(new Event('resize'));
    });
  });

  it('shows one card per employee with the field of every column, and the actions allowed', () => {
    act(() => {
      window.innerWidth = 390;
      window.dispatchEvent(new Event('resize'));
    });
    const leaver: Employee = {
      ...employee,
      id: '00000000-0000-4000-8000-000000000002',
      fullName: 'Lee Leaver',
      email: 'lee.leaver.with.a.long.address@example.com',
      department: 'Workshop',
      lineManagerName: 'Maya Mitchell',
      endDate: '2026-12-18',
      owedOnLeaving: 2.5,
      remainingThisYear: 2.5,
    };
    const onEdit = vi.fn();
    render(
      <EmployeeTable employees={[employee, leaver]} loading={false} searching={false} onEdit={onEdit} />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Employees' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = within(cards[1] as HTMLElement);
    for (const text of ['Lee Leaver', leaver.email, 'E-1', 'Fitter', 'Workshop', 'Maya Mitchell']) {
      expect(card.getByText(text)).toBeTruthy();
    }
    expect(card.getByTestId('employee-end-date').textContent).toMatch(/^End date /);
    expect(card.getByTestId('employee-owed').textContent).toBe('Owed on leaving: 2.5 days');
    card.getByRole('button', { name: 'Edit Lee Leaver' }).click();
    expect(onEdit).toHaveBeenCalledWith(leaver);
    expect(card.queryByRole('button', { name: 'Delete Lee Leaver' })).toBeNull();
  });

  it('says when nothing matches the search', () => {
    act(() => {
      window.innerWidth = 390;
      window.dispatchEvent(new Event('resize'));
    });
    render(<EmployeeTable employees={[]} loading={false} searching />);
    expect(screen.queryByRole('list', { name: 'Employees' })).toBeNull();
    expect(screen.getByText(EMPLOYEE_MESSAGES.noMatch)).toBeTruthy();
  });
});
