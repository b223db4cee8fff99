/** An employee as the list answers it, for the component tests: person `n`, with any field changed. */
import type { Employee } from '@hr/shared/hr/employees.schemas';

export function testEmployee(n: number, changes: Partial<Employee> = {}): Employee {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: null,
    fullName: `Person ${n}`,
    email: `person${n}@example.com`,
    position: 'Fitter',
    department: null,
    employeeNumber: `E-${n}`,
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
    ...changes,
  };
}
