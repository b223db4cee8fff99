import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failedQueries, LoadError } from './load-error';

describe('LoadError', () => {
  it('says what failed and why, and Try again calls the query refetch', () => {
    const refetch = vi.fn();
    render(<LoadError title="Failed to load" detail="Server down" query={{ refetch, isFetching: false }} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load');
    expect(screen.getByRole('alert').textContent).toContain('Server down');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('is disabled while the refetch runs', () => {
    render(<LoadError title="Failed to load" query={{ refetch: vi.fn(), isFetching: true }} />);
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refetches only the failed queries of a group', async () => {
    const ok = { refetch: vi.fn(), isFetching: false, isError: false };
    const bad = { refetch: vi.fn(), isFetching: false, isError: true };
    await failedQueries([ok, bad]).refetch();
    expect(bad.refetch).toHaveBeenCalledTimes(1);
    expect(ok.refetch).not.toHaveBeenCalled();
  });
});
