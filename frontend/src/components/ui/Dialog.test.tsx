// @vitest-environment happy-dom
import '../../test/dom';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './Dialog';

/** A dialog opened from state, as almost every dialog here is (no Radix Trigger); `removes` drops its opener. */
function Harness({ removes = false }: { removes?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      {gone ? null : <button onClick={() => setOpen(true)}>Cancel Booking</button>}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Cancel Booking</DialogTitle>
          <button
            onClick={() => {
              if (removes) setGone(true);
              setOpen(false);
            }}
          >
            Yes, Cancel Booking
          </button>
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('a dialog opened from state', () => {
  it('gives focus back to the button that opened it when it closes (Escape)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Cancel Booking' });
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives focus to the main content when what opened it is gone (the booking it cancelled)', async () => {
    const user = userEvent.setup();
    render(<Harness removes />);
    screen.getByRole('button', { name: 'Cancel Booking' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Yes, Cancel Booking' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
  });
});
