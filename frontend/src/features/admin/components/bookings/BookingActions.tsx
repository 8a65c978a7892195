import { useId, useState } from 'react';
import {
  addMinutesHHmm,
  BARBER_CANCELLABLE_STATUSES,
  minutesOfDay,
  RESCHEDULABLE_STATUSES,
  type BookingView,
} from '@barber/shared';
import { Button, SubmitButton } from '../../../../components/ui/Button';
import { Input, Textarea } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api';
import { useAdminUpdateBooking } from '../../api/bookings';
import { formatTime } from '../../lib/format';

type Mode = 'idle' | 'cancel' | 'reschedule';

const cancellable = (b: BookingView) => (BARBER_CANCELLABLE_STATUSES as readonly string[]).includes(b.status);
const reschedulable = (b: BookingView) => (RESCHEDULABLE_STATUSES as readonly string[]).includes(b.status);

/** The end of a reschedule: the start plus the service's duration, or null past midnight. */
function endOf(start: string, duration: number): string | null {
  if (!/^\d{2}:\d{2}$/.test(start) || minutesOfDay(start) + duration >= 24 * 60) return null;
  return addMinutesHHmm(start, duration);
}

/**
 * Cancel (with a reason) and reschedule from the admin's details dialog: the barber panel's command
 * (PUT /api/bookings/{id}/update), offered only in the statuses the server accepts them from. A paid
 * booking cancelled is refunded by the worker.
 */
export function BookingActions({ booking }: { booking: BookingView }) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('idle');
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(booking.date);
  const [start, setStart] = useState(booking.startTime);
  const [error, setError] = useState<string | null>(null);
  const update = useAdminUpdateBooking();
  const duration = booking.durationMinutes;
  const end = endOf(start, duration);

  if (!cancellable(booking) && !reschedulable(booking)) return null;

  const open = (next: Mode) => {
    setMode(next);
    setError(null);
    setReason('');
    setDate(booking.date);
    setStart(booking.startTime);
  };

  const submit = () => {
    setError(null);
    if (mode === 'cancel') {
      if (!reason.trim()) {
        setError('Please give a reason for the cancellation.');
        return;
      }
      update.mutate(
        { id: booking.id, body: { status: 'cancelled', cancellationReason: reason.trim() } },
        {
          onSuccess: () => {
            setMode('idle');
            toast({
              title: 'Booking Cancelled',
              description: booking.paid ? 'The payment will be refunded.' : 'The customer and the barber are notified.',
            });
          },
          onError: (e) => setError(errorMessage(e, 'Failed to cancel the booking.')),
        },
      );
    } else if (mode === 'reschedule') {
      if (!end) {
        setError('The appointment must end before midnight. Please choose an earlier time.');
        return;
      }
      update.mutate(
        { id: booking.id, body: { isEditingDateTime: true, date, startTime: start, endTime: end } },
        {
          onSuccess: () => {
            setMode('idle');
            toast({ title: 'Booking Rescheduled', description: 'The customer and the barber are notified.' });
          },
          onError: (e) => setError(errorMessage(e, 'Failed to reschedule the booking.')),
        },
      );
    }
  };

  if (mode === 'idle') {
    return (
      <div className="flex flex-wrap gap-2" data-testid="booking-actions">
        {reschedulable(booking) ? (
          <Button variant="outline" onClick={() => open('reschedule')}>
            Reschedule
          </Button>
        ) : null}
        {cancellable(booking) ? (
          <Button variant="destructive" onClick={() => open('cancel')}>
            Cancel Booking
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <form
      className="space-y-3 rounded-lg border border-zinc-200 p-4"
      aria-label={mode === 'cancel' ? 'Cancel booking' : 'Reschedule booking'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {mode === 'cancel' ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-reason`}>Cancellation Reason</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {booking.paid && !booking.refunded ? (
            <p className="text-xs text-zinc-600">This booking is paid: the payment will be refunded in full.</p>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-date`}>New date</Label>
            <Input
              id={`${id}-date`}
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-start`}>New start time</Label>
            <Input
              id={`${id}-start`}
              type="time"
              step={300}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              aria-describedby={`${id}-end`}
            />
          </div>
          <p id={`${id}-end`} className="text-xs text-zinc-600 sm:col-span-2">
            {end ? `Ends at ${formatTime(end)} (${duration} min)` : 'Choose a start time that ends before midnight.'}
          </p>
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => setMode('idle')} disabled={update.isPending}>
          Back
        </Button>
        <SubmitButton
          variant={mode === 'cancel' ? 'destructive' : 'default'}
          pending={update.isPending}
          pendingLabel="Processing..."
        >
          {mode === 'cancel' ? 'Confirm Cancellation' : 'Save New Time'}
        </SubmitButton>
      </div>
    </form>
  );
}
