import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BalanceLines } from './balance-lines';

describe('BalanceLines', () => {
  it("lists the server's terms signed, the remaining days last, and the entitlement's calculation", () => {
    render(
      <BalanceLines
        lines={[
          { label: 'Entitlement', days: 28, detail: null },
          { label: 'Opening balance', days: -3, detail: 'Taken before Northwind HR' },
          { label: 'Approved leave', days: -2.5, detail: '1 request' },
          { label: 'Remaining', days: 22.5, detail: null },
        ]}
        calculation={['Holiday year 2026-01-01 to 2026-12-31: 28 days a full year']}
      />,
    );
    expect(screen.getByText('How is this calculated?')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Balance calculation' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Entitlement+28',
      'Opening balanceTaken before Northwind HR-3',
      'Approved leave1 request-2.5',
      'Remaining22.5',
    ]);
    expect(screen.getByText('Holiday year 2026-01-01 to 2026-12-31: 28 days a full year')).toBeTruthy();
  });
});
