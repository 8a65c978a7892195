import { useState } from 'react';
import type { BookingView } from '@barber/shared';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatLocalDate, formatTime12 } from '../../../lib/customer/format';
import { cancelBooking } from '../api/bookings';
import { useMyBookingsStore } from '../stores/bookings';

/** Confirms and cancels a pending or confirmed booking (reason "Cancelled by customer"). */
export function CancelBookingDialog({ booking, onClose }: { booking: BookingView | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!booking) return;
    setBusy(true);
    try {
      const updated = await cancelBooking(booking.id);
      useMyBookingsStore.getState().upsert(updated);
      toast({ title: 'Booking Cancelled', description: 'Your booking has been cancelled.', variant: 'success' });
      onClose();
    } catch (error) {
      toast({ title: 'Cancellation Failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      {booking ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel Booking</DialogTitle>
            <DialogDescription>
              Are you sure you want to cancel your {booking.service.name} on {formatLocalDate(booking.date)} at{' '}
              {formatTime12(booking.startTime)}? This action cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Keep Booking
            </Button>
            <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
              {busy ? 'Cancelling...' : 'Yes, Cancel Booking'}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
