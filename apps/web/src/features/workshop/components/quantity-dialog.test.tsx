import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { QuantityDialog } from './quantity-dialog';

function renderDialog(onSubmit: (quantity: number) => Promise<unknown>, onOpenChange = vi.fn()) {
  render(
    <QuantityDialog
      open
      onOpenChange={onOpenChange}
      title="Receive IMP-450"
      description="2 ordered, 1 received so far."
      label="Quantity delivered"
      defaultValue={1}
      submitLabel="Receive"
      busyLabel="Receiving..."
      onSubmit={onSubmit}
    />,
  );
  return onOpenChange;
}

describe('QuantityDialog', () => {
  it('submits the quantity as a number and closes', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const onOpenChange = renderDialog(onSubmit);
    expect((screen.getByLabelText('Quantity delivered') as HTMLInputElement).value).toBe('1');
    fireEvent.change(screen.getByLabelText('Quantity delivered'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSubmit).toHaveBeenCalledWith(0.5);
  });

  it('shows the server message under the field and stays open', async () => {
    const message = 'Received quantity cannot exceed the quantity ordered: 1 of 2 still to follow.';
    const onSubmit = vi
      .fn()
      .mockRejectedValue(new ApiError(400, 'VALIDATION_ERROR', message, { quantity: message }));
    const onOpenChange = renderDialog(onSubmit);
    fireEvent.change(screen.getByLabelText('Quantity delivered'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('Quantity delivered').getAttribute('aria-invalid')).toBe('true');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('does not send an empty or non-positive quantity', async () => {
    const onSubmit = vi.fn();
    renderDialog(onSubmit);
    fireEvent.change(screen.getByLabelText('Quantity delivered'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Quantity must be greater than 0.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
