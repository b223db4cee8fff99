import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** A table whose row button opens a dialog (not a Dialog.Trigger); Remove deletes the row. */
function RowsWithDialog({ alert = false }: { alert?: boolean }) {
  const [rows, setRows] = useState(['Ada', 'Grace']);
  const [open, setOpen] = useState<string | null>(null);
  const close = (remove: boolean) => {
    if (remove && open) setRows((current) => current.filter((row) => row !== open));
    setOpen(null);
  };
  const body = (
    <>
      <button type="button" onClick={() => close(false)}>
        Keep
      </button>
      <button type="button" onClick={() => close(true)}>
        Remove
      </button>
    </>
  );
  return (
    <main>
      <h1>People</h1>
      <section>
        <h2>Team</h2>
        <table>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <td>
                  <button type="button" onClick={() => setOpen(row)}>
                    Open {row}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {alert ? (
        <AlertDialog open={open !== null} onOpenChange={(next) => !next && close(false)}>
          <AlertDialogContent>
            <AlertDialogTitle>Confirm</AlertDialogTitle>
            <AlertDialogDescription>Sure?</AlertDialogDescription>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            {body}
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Dialog open={open !== null} onOpenChange={(next) => !next && close(false)}>
          <DialogContent>
            <DialogTitle>Edit</DialogTitle>
            <DialogDescription>Edit a row</DialogDescription>
            {body}
          </DialogContent>
        </Dialog>
      )}
    </main>
  );
}

async function openFrom(name: string) {
  const trigger = screen.getByRole('button', { name });
  trigger.focus();
  fireEvent.click(trigger);
  await screen.findByRole('button', { name: 'Keep' });
  await waitFor(() => expect(document.activeElement).not.toBe(trigger));
  return trigger;
}

describe.each([
  ['Dialog', false],
  ['AlertDialog', true],
])('%s focus on close', (_name, alert) => {
  it('returns to the button that opened it (Escape and a button inside)', async () => {
    render(<RowsWithDialog alert={alert} />);
    let trigger = await openFrom('Open Grace');
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    });
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    trigger = await openFrom('Open Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('goes to the nearest heading when the opening row is gone', async () => {
    render(<RowsWithDialog alert={alert} />);
    await openFrom('Open Grace');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Team' })));
    expect(screen.queryByRole('button', { name: 'Open Grace' })).toBeNull();
    // Focusable, not a tab stop.
    expect(screen.getByRole('heading', { name: 'Team' }).getAttribute('tabindex')).toBe('-1');
  });
});

/** A dialog whose field arrives after a load (`late`), or that has none (`fields` empty). */
function FormDialog({ fields, late = false }: { fields: string[]; late?: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(!late);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open form
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Form</DialogTitle>
          <DialogDescription>Fill it in</DialogDescription>
          <button type="button">Help</button>
          {loaded ? (
            fields.map((name) => <input key={name} aria-label={name} />)
          ) : (
            <button type="button" onClick={() => setLoaded(true)}>
              Finish loading
            </button>
          )}
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('Dialog focus on open', () => {
  it('goes to the first field, not the first button', async () => {
    render(<FormDialog fields={['Name', 'Email']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open form' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('goes to the heading when the dialog has no field', async () => {
    render(<FormDialog fields={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open form' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Form' })));
  });

  it('moves from the heading to the first field once the form has loaded', async () => {
    render(<FormDialog fields={['Name']} late />);
    fireEvent.click(screen.getByRole('button', { name: 'Open form' }));
    const heading = await screen.findByRole('heading', { name: 'Form' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    act(() => screen.getByRole('button', { name: 'Finish loading' }).click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });
});
