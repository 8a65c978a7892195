import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BarberQuickAction, BookingTargetStatus, BookingView } from '@barber/shared';
import { Dialog, DialogContent } from '../../../../components/ui/Dialog';
import { DialogForm } from '../../../../components/ui/FormDialog';
import { TextareaField } from '../../../../components/ui/FormField';
import { barberUpdateFormSchema } from '../../lib/bookingUpdate';
import { customerName } from '../../lib/contact';
import { formatDate, formatTime } from '../../lib/format';
import { clampTravelTime } from '../../lib/times';
import { MinutesField } from '../common/MinutesField';

/** The travel time En Route asks for: the one given before, else the block's travel buffer (issue 13). */
function defaultTravelTime(booking: Pick<BookingView, 'estimatedTravelTime' | 'travelBuffer'>): number {
  return booking.estimatedTravelTime ?? booking.travelBuffer ?? 0;
}

const BODY: Partial<Record<BookingTargetStatus, string>> = {
  confirmed: 'Confirm this appointment? The customer will be told it is confirmed.',
  en_route: 'Let the customer know you are on your way to them.',
  arrived: 'Let the customer know you have arrived at their address.',
  in_progress: 'Start the service now?',
  completed: 'Mark this appointment as completed? This cannot be changed afterwards.',
  cancelled: 'Cancel this appointment? The customer will be notified with your reason.',
};

/** Submit label of each confirm dialog (the quick action's name; cancelling says "Cancel Appointment"). */
function submitLabel(action: BarberQuickAction): string {
  return action.target === 'cancelled' ? 'Cancel Appointment' : action.label;
}

/**
 * The confirm dialog of a quick status change; a Cancellation Reason only for cancel, the travel time
 * (0-180 minutes, step 5) for En Route: the customer's screen counts down from it.
 */
export function StatusChangeDialog({
  target,
  onClose,
  onSubmit,
  pending,
}: {
  target: { booking: BookingView; action: BarberQuickAction } | null;
  onClose: () => void;
  onSubmit: (reason: string | undefined, travelMinutes?: number) => void;
  pending: boolean;
}) {
  const action = target?.action;
  const needsReason = action?.requiresReason ?? false;
  const asksTravel = action?.target === 'en_route';
  // the body PUT /api/bookings/{id}/update receives (barberUpdateBookingSchema), a reason when cancelling
  const schema = useMemo(() => barberUpdateFormSchema(() => needsReason), [needsReason]);
  const { register, handleSubmit, reset, setValue, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { cancellationReason: '', estimatedTravelTime: null },
  });
  // the travel time as typed; clamped to 0-180 in steps of 5 when sent (docs/spec/barber-and-admin.md §6)
  const [travel, setTravel] = useState('');
  useEffect(() => {
    reset({ status: target?.action.target, cancellationReason: '', estimatedTravelTime: null });
    setTravel(target ? String(defaultTravelTime(target.booking)) : '');
  }, [target, reset]);

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}>
      <DialogContent>
        {target && action ? (
          <DialogForm
            title={action.dialogTitle}
            description={BODY[action.target]}
            onSubmit={(event) => {
              if (asksTravel)
                setValue('estimatedTravelTime', clampTravelTime(travel) ?? defaultTravelTime(target.booking));
              void handleSubmit((body) => {
                if (asksTravel) onSubmit(undefined, body.estimatedTravelTime ?? defaultTravelTime(target.booking));
                else onSubmit(needsReason ? (body.cancellationReason ?? '').trim() : undefined);
              })(event);
            }}
            cancelLabel="Go Back"
            submitLabel={submitLabel(action)}
            pendingLabel="Processing..."
            submitVariant={needsReason ? 'destructive' : 'default'}
            pending={pending}
          >
            <p className="rounded-md bg-zinc-100 p-3 text-sm text-zinc-800">
              {customerName(target.booking)} · {target.booking.service?.name ?? 'Service'}
              <br />
              {formatDate(target.booking.date)}, {formatTime(target.booking.startTime)} -{' '}
              {formatTime(target.booking.endTime)}
            </p>
            {asksTravel ? (
              <MinutesField
                label="Travel time (minutes)"
                hint="The customer sees when you will arrive, counting down."
                max={180}
                step={5}
                value={travel}
                onChange={setTravel}
              />
            ) : null}
            {needsReason ? (
              <TextareaField
                label="Cancellation Reason"
                error={formState.errors.cancellationReason?.message}
                placeholder="Let the customer know why"
                maxLength={500}
                {...register('cancellationReason')}
              />
            ) : null}
          </DialogForm>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
