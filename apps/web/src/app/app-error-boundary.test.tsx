import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary';

function Crash(): never {
  throw new Error('boom');
}

describe('AppErrorBoundary', () => {
  it('shows Application Error with a Reload Page button when a component crashes', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onReload = vi.fn();
    render(
      <AppErrorBoundary onReload={onReload}>
        <Crash />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Application Error' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledOnce();
    consoleError.mockRestore();
  });

  it('renders its children when nothing crashes', () => {
    render(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
