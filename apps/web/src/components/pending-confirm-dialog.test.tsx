import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PendingConfirmDialog } from './pending-confirm-dialog';

function renderDialog(pending: boolean) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <PendingConfirmDialog
      open
      title="Delete Employee"
      description="Are you sure?"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return { onConfirm, onClose };
}

describe('PendingConfirmDialog', () => {
  it('confirms with the destructive button without closing itself; Cancel and Escape close it', () => {
    const { onConfirm, onClose } = renderDialog(false);
    expect(screen.getByRole('alertdialog', { name: 'Delete Employee' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('while the server works: both buttons disabled, the label says so, Escape does not close', () => {
    const { onClose } = renderDialog(true);
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
