import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppUpdateDialog } from './app-update-dialog';

describe('AppUpdateDialog', () => {
  it('names the new version and offers Later and Update Now', () => {
    const onLater = vi.fn();
    const onUpdateNow = vi.fn();
    render(
      <AppUpdateDialog
        open
        availableVersion="0.0.0+20261123T1000"
        currentVersion="0.0.0+20261122T0900"
        onLater={onLater}
        onUpdateNow={onUpdateNow}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'App Update Available' });
    expect(dialog.textContent).toContain('Version 0.0.0+20261123T1000 is ready to install.');
    expect(dialog.textContent).toContain('You are using version 0.0.0+20261122T0900.');
    fireEvent.click(screen.getByRole('button', { name: 'Update Now' }));
    expect(onUpdateNow).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onLater).toHaveBeenCalledOnce();
  });

  it('shows nothing while no update is waiting', () => {
    render(
      <AppUpdateDialog
        open={false}
        availableVersion={null}
        currentVersion="1"
        onLater={vi.fn()}
        onUpdateNow={vi.fn()}
      />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
