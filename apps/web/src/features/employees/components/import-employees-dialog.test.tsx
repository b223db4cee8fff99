import type { ImportResult } from '@hr/shared/hr/employee-import';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PreviewTable } from './import-employees-dialog';

const result: ImportResult = {
  dryRun: true,
  columns: ['employeeNumber', 'fullName', 'email'],
  rows: [
    {
      row: 2,
      values: { employeeNumber: 'E1', fullName: 'Ann', email: 'ann@x.example' },
      errors: [],
      warnings: [],
    },
    {
      row: 3,
      values: { employeeNumber: 'E2', fullName: 'Bob', email: 'bob-at-x' },
      errors: [{ row: 3, column: 'email', message: 'Invalid email address' }],
      warnings: [],
    },
  ],
  errors: [{ row: 3, column: 'email', message: 'Invalid email address' }],
  warnings: [],
  summary: { rows: 2, valid: 1, invalid: 1, invites: 0 },
  imported: 0,
};

describe('the import preview', () => {
  it('shows the rows with errors, the refused cell marked with its message', () => {
    render(<PreviewTable result={result} />);
    const table = screen.getByRole('table', { name: 'Import preview' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Employee number', 'Full name', 'Email']);
    expect(within(table).queryByText('Ann')).toBeNull();
    const invalid = table.querySelectorAll('[aria-invalid="true"]');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]?.textContent).toBe('bob-at-xInvalid email address');
    expect(screen.getByText('Showing the rows with errors.')).toBeTruthy();
  });

  it('shows every row of a clean file, none marked', () => {
    const clean = { ...result, rows: [result.rows[0]].filter((r) => r !== undefined), errors: [] };
    render(<PreviewTable result={clean} />);
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });
});
