import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageTitle, usePageTitle } from './page-title';

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  it('titles the tab "<page> - Northwind HR" and follows a change of page', () => {
    const { rerender } = render(<Page title="Holiday Management" />);
    expect(document.title).toBe('Holiday Management - Northwind HR');
    rerender(<Page title="Employee Management" />);
    expect(document.title).toBe('Employee Management - Northwind HR');
    expect(pageTitle('')).toBe('Northwind HR');
  });
});
