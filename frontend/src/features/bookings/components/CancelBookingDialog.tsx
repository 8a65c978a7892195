import { useState } from 'react';
import type { BookingView } from '@barber/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatLocalDate, formatTime12 } from '../../../lib/customer/format';
import { cancelBooking } from '../api/bookings';
import { useMyBookings } from '../stores/bookings';

/** Confirms and cancels a pending or confirmed booking (reason "Cancelled by customer"). */
export function CancelBookingDialog({ booking, onClose }: { booking: BookingView | null; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!booking) return;
    setBusy(true);
    try {
      const updated = await cancelBooking(booking);
      useMyBookings.getState().merge([updated]);
      toast({ title: 'Booking Cancelled', description: 'Your booking has been cancelled.', variant: 'success' });
      onClose();
    } catch (error) {
      toast({ title: 'Cancellation Failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={booking !== null}
      onClose={onClose}
      onConfirm={() => void confirm()}
      pending={busy}
      title="Cancel Booking"
      description={
        booking ? (
          <>
            Are you sure you want to cancel your {booking.service.name} on {formatLocalDate(booking.date)} at{' '}
            {formatTime12(booking.startTime)}? This action cannot be undone.
          </>
        ) : null
      }
      cancelLabel="Keep Booking"
      confirmLabel="Yes, Cancel Booking"
      pendingLabel="Cancelling..."
    />
  );
}
