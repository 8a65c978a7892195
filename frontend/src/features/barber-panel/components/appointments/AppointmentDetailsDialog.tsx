import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  barberStatusChoices,
  bookingStatusLabel,
  type BarberUpdateBookingInput,
  type BookingStatus,
  type BookingView,
} from '@barber/shared';
import { Dialog, DialogContent } from '../../../../components/ui/Dialog';
import { DialogForm } from '../../../../components/ui/FormDialog';
import { TextareaField } from '../../../../components/ui/FormField';
import { SwitchField } from '../../../../components/ui/Switch';
import { barberUpdateFormSchema } from '../../lib/bookingUpdate';
import { customerName } from '../../lib/contact';
import { formatDate, formatTime, money } from '../../lib/format';
import { clampTravelTime, safeMinutes } from '../../lib/times';
import { MinutesField } from '../common/MinutesField';
import { SelectField } from '../../../../components/ui/NativeSelect';
import { StatusBadge } from '../common/StatusBadge';
import { CustomerContact } from './CustomerContact';
import { DateTimeEditor } from './DateTimeEditor';

function durationOf(booking: BookingView): number {
  const start = safeMinutes(booking.startTime);
  const end = safeMinutes(booking.endTime);
  if (start !== null && end !== null && end > start) return end - start;
  return booking.durationMinutes || booking.service?.duration || 30;
}

/** The dialog's fields: those of PUT /api/bookings/{id}/update's body, the form's way. */
interface DetailsForm {
  status: BookingStatus;
  barberNotes: string;
  estimatedTravelTime: number | null;
  isEditingDateTime: boolean;
  date: string;
  startTime: string;
  endTime: string;
  cancellationReason: string;
}

function formOf(booking: BookingView): DetailsForm {
  return {
    status: booking.status,
    barberNotes: booking.barberNotes ?? '',
    estimatedTravelTime: booking.estimatedTravelTime ?? null,
    isEditingDateTime: false,
    date: booking.date,
    startTime: booking.startTime,
    endTime: booking.endTime,
    cancellationReason: '',
  };
}

/**
 * The details form's schema: barberUpdateBookingSchema (and a reason when the barber cancels); it parses
 * to the body the dialog sends. Blank notes are null; the date and times go only with date and time
 * editing on and when one of them changed; the reason, trimmed, only when the change cancels.
 */
function detailsSchema(booking: BookingView) {
  const cancels = (status: BookingStatus | undefined) => status === 'cancelled' && booking.status !== 'cancelled';
  return barberUpdateFormSchema(cancels).transform((form): BarberUpdateBookingInput => {
    const body: BarberUpdateBookingInput = {
      status: form.status,
      barberNotes: (form.barberNotes ?? '').trim() === '' ? null : form.barberNotes,
      estimatedTravelTime: form.estimatedTravelTime ?? null,
      isEditingDateTime: form.isEditingDateTime ?? false,
    };
    if (body.isEditingDateTime) {
      const when = { date: form.date!, startTime: form.startTime!, endTime: form.endTime! };
      const changed =
        when.date !== booking.date || when.startTime !== booking.startTime || when.endTime !== booking.endTime;
      if (changed) Object.assign(body, when);
      else body.isEditingDateTime = false;
    }
    if (cancels(form.status)) body.cancellationReason = (form.cancellationReason ?? '').trim();
    return body;
  });
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
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}>
      <DialogContent className="max-w-2xl" hideClose>
        {/* a new form for another booking; a live update of the same one keeps the edits */}
        {booking ? <DetailsFormView key={booking.id} booking={booking} onSave={onSave} pending={pending} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailsFormView({
  booking,
  onSave,
  pending,
}: {
  booking: BookingView;
  onSave: (booking: BookingView, body: BarberUpdateBookingInput) => void;
  pending: boolean;
}) {
  const schema = useMemo(() => detailsSchema(booking), [booking]);
  const { register, handleSubmit, control, setValue, watch, formState, resetField } = useForm<
    DetailsForm,
    unknown,
    BarberUpdateBookingInput
  >({
    resolver: zodResolver(schema) as Resolver<DetailsForm, unknown, BarberUpdateBookingInput>,
    defaultValues: formOf(booking),
  });
  const errors = formState.errors;
  // A status the barber has not touched follows the booking's (the customer cancelled or paid meanwhile): saving
  // the notes must not send the status the dialog opened with, which the server would refuse with the whole save.
  const statusTouched = !!formState.dirtyFields.status;
  useEffect(() => {
    if (!statusTouched) resetField('status', { defaultValue: booking.status });
  }, [booking.status, statusTouched, resetField]);
  // the travel time as typed: clamped to 0-180 in steps of 5 when left or saved, empty is none (docs/spec/barber-and-admin.md §6)
  const [travel, setTravel] = useState(booking.estimatedTravelTime == null ? '' : String(booking.estimatedTravelTime));
  const commitTravel = () => {
    const v = clampTravelTime(travel);
    setTravel(v === null ? '' : String(v));
    setValue('estimatedTravelTime', v);
  };

  // only the changes the server accepts from this status (the decider's table), the current one first
  const statusOptions = barberStatusChoices(booking).map((s) => ({ value: s, label: bookingStatusLabel(s) }));
  const [status, editing, date, startTime, endTime] = watch([
    'status',
    'isEditingDateTime',
    'date',
    'startTime',
    'endTime',
  ]);
  const cancelling = status === 'cancelled' && booking.status !== 'cancelled';
  const whenError = errors.date?.message ?? errors.startTime?.message ?? errors.endTime?.message;

  return (
    <DialogForm
      title="Appointment Details"
      description={`${customerName(booking)} · ${booking.service?.name ?? 'Service'} · ${money(booking.totalAmount)}`}
      onSubmit={(event) => {
        commitTravel();
        void handleSubmit((body) => onSave(booking, body))(event);
      }}
      cancelLabel="Close"
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={pending}
    >
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
        <SelectField label="Status" error={errors.status?.message} choices={statusOptions} {...register('status')} />
        <MinutesField
          label="Estimated travel time (minutes)"
          error={errors.estimatedTravelTime?.message}
          max={180}
          step={5}
          value={travel}
          onChange={setTravel}
          onBlur={commitTravel}
        />
      </div>

      {cancelling ? (
        <TextareaField
          label="Cancellation Reason"
          error={errors.cancellationReason?.message}
          maxLength={500}
          {...register('cancellationReason')}
        />
      ) : null}

      <TextareaField
        label="Barber notes"
        error={errors.barberNotes?.message}
        maxLength={2000}
        placeholder="Notes only you can see"
        {...register('barberNotes')}
      />

      <div className="space-y-3 rounded-lg border border-zinc-200 p-4">
        <Controller
          control={control}
          name="isEditingDateTime"
          render={({ field }) => (
            <SwitchField label="Edit date and time" checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
        {editing ? (
          <DateTimeEditor
            value={{ date, startTime, endTime }}
            duration={durationOf(booking)}
            onChange={(next) => {
              setValue('date', next.date, { shouldDirty: true });
              setValue('startTime', next.startTime, { shouldDirty: true });
              setValue('endTime', next.endTime, { shouldDirty: true });
            }}
          />
        ) : null}
        {whenError ? <p className="text-sm font-medium text-red-700">{whenError}</p> : null}
      </div>
    </DialogForm>
  );
}
