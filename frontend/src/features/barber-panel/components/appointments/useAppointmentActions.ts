import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  bookingStatusLabel,
  type BarberQuickAction,
  type BarberUpdateBookingInput,
  type BookingView,
} from '@barber/shared';
import { toast } from '../../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { useUpdateBooking } from '../../api/bookings';

/** The confirm dialog and details dialog state, and the status/details update with its toasts. */
export function useAppointmentActions() {
  const queryClient = useQueryClient();
  const update = useUpdateBooking();
  const [confirmTarget, setConfirmTarget] = useState<{ booking: BookingView; action: BarberQuickAction } | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [pendingKind, setPendingKind] = useState<'status' | 'details' | null>(null);

  function run(kind: 'status' | 'details', booking: BookingView, body: BarberUpdateBookingInput, done: () => void) {
    setPendingKind(kind);
    update.mutate(
      // the version shown: a booking changed meanwhile (a push not yet in) is refused, not changed unseen
      { id: booking.id, expectedVersion: booking.version, ...body },
      {
        onSuccess: (answer) => {
          const status = answer?.booking?.status ?? body.status;
          toast({
            title: 'Appointment Updated',
            description: status ? `Status: ${bookingStatusLabel(status)}` : 'Your changes were saved.',
            variant: 'success',
          });
          void queryClient.invalidateQueries({ queryKey: ['/api/barber-bookings'] });
          done();
        },
        onError: (error) => {
          toast({
            title: 'Update Failed',
            description: `Failed to update appointment: ${errorMessage(error)}`,
            variant: 'destructive',
          });
          if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
            // the booking changed since it was shown: read it again, and let the barber choose again from what it
            // is now (the confirm dialog held the old one, and each retry was refused the same way)
            void queryClient.invalidateQueries({ queryKey: ['/api/barber-bookings'] });
            if (kind === 'status') setConfirmTarget(null);
          }
        },
        onSettled: () => setPendingKind(null),
      },
    );
  }

  return {
    confirmTarget,
    openConfirm: (booking: BookingView, action: BarberQuickAction) => setConfirmTarget({ booking, action }),
    closeConfirm: () => setConfirmTarget(null),
    submitConfirm: (reason: string | undefined, travelMinutes?: number) => {
      if (!confirmTarget) return;
      const { booking, action } = confirmTarget;
      const body: BarberUpdateBookingInput = { status: action.target };
      if (reason !== undefined) body.cancellationReason = reason;
      // En Route carries the travel time the dialog asked for: the arrival time is counted from it.
      if (travelMinutes !== undefined) body.estimatedTravelTime = travelMinutes;
      run('status', booking, body, () => setConfirmTarget(null));
    },
    statusPending: pendingKind === 'status',
    detailsId,
    openDetails: (booking: BookingView) => setDetailsId(booking.id),
    closeDetails: () => setDetailsId(null),
    saveDetails: (booking: BookingView, body: BarberUpdateBookingInput) =>
      run('details', booking, body, () => setDetailsId(null)),
    detailsPending: pendingKind === 'details',
  };
}
