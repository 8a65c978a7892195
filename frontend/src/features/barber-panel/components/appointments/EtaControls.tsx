import { ETA_DELAY_CHOICES, etaClock, type BookingView } from '@barber/shared';
import { Navigation } from 'lucide-react';
import { Button } from '../../../../components/ui/Button';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api';
import { useUpdateEta } from '../../api/bookings';

/**
 * On the appointment row of a booking en route (issue 13): the arrival time the customer sees, and
 * +5, +10, +15 min to move it later in one tap (the customer's screen follows at once; a move of more
 * than 10 minutes from what they were told also notifies them).
 */
export function EtaControls({ booking }: { booking: BookingView }) {
  const update = useUpdateEta();
  if (booking.status !== 'en_route') return null;
  const etaAt = booking.etaAt ?? null;
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-2 border-t border-zinc-100 pt-3"
      onClick={(event) => event.stopPropagation()}
    >
      <p className="flex items-center gap-1.5 text-sm font-medium text-sky-900" data-testid="appointment-eta">
        <Navigation className="size-4 shrink-0" aria-hidden="true" />
        {etaAt ? `Arriving about ${etaClock(etaAt)}` : 'No arrival time yet'}
      </p>
      <div role="group" aria-label="Running late? Move your arrival time" className="flex gap-1">
        {ETA_DELAY_CHOICES.map((minutes) => (
          <Button
            key={minutes}
            size="sm"
            variant="outline"
            disabled={update.isPending}
            data-eta-delay={minutes}
            onClick={() =>
              update.mutate(
                { id: booking.id, addMinutes: minutes },
                {
                  onError: (error) =>
                    toast({
                      title: 'Update Failed',
                      description: `Failed to update the arrival time: ${errorMessage(error)}`,
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            +{minutes} min
          </Button>
        ))}
      </div>
    </div>
  );
}
