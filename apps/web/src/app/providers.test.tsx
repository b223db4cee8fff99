import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '@/lib/toast';
import { AppProviders } from './providers';

afterEach(() => {
  toast.dismiss();
});

describe('toasts load with the first one (ADR 0105)', () => {
  it('mounts no Toaster until a toast is asked for, then shows that toast', async () => {
    render(
      <AppProviders>
        <button type="button" onClick={() => notify.error('Failed to update password', 'The server said no')}>
          Raise
        </button>
      </AppProviders>,
    );
    // The first test of the file: no toast was asked for yet, so no Toaster is on the page.
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    const item = await screen.findByText('Failed to update password');
    expect(item.closest('[data-sonner-toast]')).not.toBeNull();
    expect(screen.getByText('The server said no')).toBeTruthy();
  });

  it('shows a toast raised before the Toaster has mounted (Sonner replays it)', async () => {
    notify.success('Password updated successfully');
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
  });
});
