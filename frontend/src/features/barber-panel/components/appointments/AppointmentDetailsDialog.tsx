import { useEffect, useId, useState } from 'react';
import {
  barberStatusChoices,
  bookingStatusLabel,
  type BarberUpdateBookingInput,
  type BookingStatus,
  type BookingView,
} from '@barber/shared';
import { Button } from '../../../../components/ui/Button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/Dialog';
import { Input, Textarea } from '../../../../components/ui/Input';
import { Label } from '../../../../components/ui/Label';
import { customerName } from '../../lib/contact';
import { formatDate, formatTime, money } from '../../lib/format';
import { clampTravelTime, safeMinutes } from '../../lib/times';
import { NativeSelect } from '../common/NativeSelect';
import { StatusBadge } from '../common/StatusBadge';
import { Switch } from '../common/Switch';
import { CustomerContact } from './CustomerContact';
import { DateTimeEditor, type DateTimeValue } from './DateTimeEditor';

function durationOf(booking: BookingView): number {
  const start = safeMinutes(booking.startTime);
  const end = safeMinutes(booking.endTime);
  if (start !== null && end !== null && end > start) return end - start;
  return booking.durationMinutes || booking.service?.duration || 30;
}

/** The body PUT /api/bookings/{id}/update receives from the dialog. */
export function detailsPayload(
  booking: BookingView,
  form: { status: BookingStatus; barberNotes: string; travel: string; editing: boolean; when: DateTimeValue; reason: string },
): BarberUpdateBookingInput {
  const body: BarberUpdateBookingInput = {
    status: form.status,
    barberNotes: form.barberNotes.trim() === '' ? null : form.barberNotes,
    estimatedTravelTime: clampTravelTime(form.travel),
    isEditingDateTime: form.editing,
  };
  if (form.editing) {
    const changed =
      form.when.date !== booking.date || form.when.startTime !== booking.startTime || form.when.endTime !== booking.endTime;
    if (changed) Object.assign(body, form.when);
    else body.isEditingDateTime = false;
  }
  if (form.status === 'cancelled' && booking.status !== 'cancelled') body.cancellationReason = form.reason.trim();
  return body;
}

/** Appointment details: contact, maps, contact card, status, notes, travel time and date/time editing. */
export function AppointmentDetailsDialog({
  booking,
  onClose,
  onSave,
  pending,
}: {
  booking: BookingView | null;
  onClose: () => void;
  onSave: (booking: BookingView, body: BarberUpdateBookingInput) => void;
  pending: boolean;
}) {
  const id = useId();
  const [status, setStatus] = useState<BookingStatus>('confirmed');
  const [barberNotes, setBarberNotes] = useState('');
  const [travel, setTravel] = useState('');
  const [editing, setEditing] = useState(false);
  const [when, setWhen] = useState<DateTimeValue>({ date: '', startTime: '', endTime: '' });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const bookingId = booking?.id ?? null;
  // reset the form when another booking opens (a live update of the same one keeps the edits)
  useEffect(() => {
    if (!booking) return;
    setStatus(booking.status);
    setBarberNotes(booking.barberNotes ?? '');
    setTravel(booking.estimatedTravelTime === null || booking.estimatedTravelTime === undefined ? '' : String(booking.estimatedTravelTime));
    setEditing(false);
    setWhen({ date: booking.date, startTime: booking.startTime, endTime: booking.endTime });
    setReason('');
    setReasonError(null);
  }, [bookingId]);

  // only the changes the server accepts from this status (the decider's table), the current one first
  const statusOptions: BookingStatus[] = booking ? barberStatusChoices(booking) : [];
  const cancelling = booking !== null && status === 'cancelled' && booking.status !== 'cancelled';

  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}>
      <DialogContent className="max-w-2xl" hideClose>
        {booking ? (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (cancelling && reason.trim() === '') {
                setReasonError('A cancellation reason is required');
                return;
              }
              onSave(booking, detailsPayload(booking, { status, barberNotes, travel, editing, when, reason }));
            }}
          >
            <DialogHeader>
              <DialogTitle>Appointment Details</DialogTitle>
              <DialogDescription>
                {customerName(booking)} · {booking.service?.name ?? 'Service'} · {money(booking.totalAmount)}
              </DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
              <StatusBadge status={booking.status} />
              <span>
                {formatDate(booking.date)}, {formatTime(booking.startTime)} - {formatTime(booking.endTime)}
              </span>
            </div>

            {booking.cancellationReason ? (
              <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">
                <span className="font-medium">Cancellation reason:</span> {booking.cancellationReason}
              </p>
            ) : null}

            <CustomerContact booking={booking} />

            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor={`${id}-status`}>Status</Label>
                <NativeSelect id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as BookingStatus)}>
                  {statusOptions.map((s) => (
                    <option key={s} value={s}>
                      {bookingStatusLabel(s)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="space-y-2">
                <Label htmlFor={`${id}-travel`}>Estimated travel time (minutes)</Label>
                <Input
                  id={`${id}-travel`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={180}
                  step={5}
                  value={travel}
                  onChange={(e) => setTravel(e.target.value)}
                  onBlur={() => {
                    const v = clampTravelTime(travel);
                    setTravel(v === null ? '' : String(v));
                  }}
                />
              </div>
            </div>

            {cancelling ? (
              <div className="space-y-2">
                <Label htmlFor={`${id}-reason`}>Cancellation Reason</Label>
                <Textarea
                  id={`${id}-reason`}
                  value={reason}
                  maxLength={500}
                  aria-invalid={reasonError !== null}
                  aria-describedby={reasonError ? `${id}-reason-error` : undefined}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(null);
                  }}
                />
                {reasonError ? (
                  <p id={`${id}-reason-error`} className="text-sm font-medium text-red-700">
                    {reasonError}
                  </p>
                ) : null}
              </div>
            ) : null}

            <div className="space-y-2">
              <Label htmlFor={`${id}-notes`}>Barber notes</Label>
              <Textarea
                id={`${id}-notes`}
                value={barberNotes}
                maxLength={2000}
                onChange={(e) => setBarberNotes(e.target.value)}
                placeholder="Notes only you can see"
              />
            </div>

            <div className="space-y-3 rounded-lg border border-zinc-200 p-4">
              <div className="flex items-center gap-3">
                <Switch id={`${id}-edit-dt`} checked={editing} onCheckedChange={setEditing} />
                <Label htmlFor={`${id}-edit-dt`}>Edit date and time</Label>
              </div>
              {editing ? <DateTimeEditor value={when} duration={durationOf(booking)} onChange={setWhen} /> : null}
            </div>

            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={pending}>
                  Close
                </Button>
              </DialogClose>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : 'Save Changes'}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
