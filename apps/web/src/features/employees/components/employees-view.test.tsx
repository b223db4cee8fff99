import type { Employee } from '@hr/shared/hr/employees.schemas';
import { sectionAccessMap } from '@hr/shared/permissions';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmployeeTable } from './employee-table';
import { employeeActions } from './employees-view';

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
    const employee: Employee = {
      id: '00000000-0000-4000-8000-000000000001',
      userId: null,
      fullName: 'Ann Example',
      email: 'ann@example.com',
      position: 'Fitter',
      department: null,
      employeeNumber: 'E-1',
      startDate: '2026-01-05',
      annualHolidayDays: 28,
      endDate: null,
      owedOnLeaving: null,
      allowanceThisYear: 28,
      usedThisYear: 0,
      remainingThisYear: 28,
      lineManagerId: null,
      lineManagerName: null,
      region: null,
      workingPattern: null,
      createdAt: '2026-01-05T00:00:00.000Z',
    };
    render(<EmployeeTable employees={[employee]} loading={false} searching={false} />);
    expect(screen.queryByRole('button', { name: 'Edit Ann Example' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Ann Example' })).toBeNull();
  });
});
