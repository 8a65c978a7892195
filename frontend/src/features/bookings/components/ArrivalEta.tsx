import { useEffect, useState } from 'react';
import { Navigation } from 'lucide-react';
import { arrivalCountdown, arrivalText, type BookingView } from '@barber/shared';

/** How often the countdown looks at the clock: the screen's own timer, never a request. */
const TICK_MS = 5_000;

function useClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The barber on the way (issue 13): "Arriving in about 12 min (10:27 AM)", counting down on this
 * screen from the booking's `etaAt`; a pushed booking with a new time replaces it at once. Once the
 * time has passed without Arrived: "Running a little late".
 */
export function ArrivalEta({ booking }: { booking: Pick<BookingView, 'status' | 'etaAt'> }) {
  const etaAt = booking.status === 'en_route' ? (booking.etaAt ?? null) : null;
  const now = useClock(etaAt !== null);
  if (etaAt === null) return null;
  const countdown = arrivalCountdown(etaAt, now);
  return (
    <p
      data-testid="booking-eta"
      data-late={countdown.late ? 'true' : 'false'}
      className={
        countdown.late
          ? 'mt-3 flex items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900'
          : 'mt-3 flex items-center gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm font-medium text-sky-900'
      }
    >
      <Navigation className="size-4 shrink-0" aria-hidden="true" />
      <span data-testid="booking-eta-text">{arrivalText(countdown)}</span>
      {countdown.late ? null : <span data-testid="booking-eta-clock">({countdown.clock})</span>}
    </p>
  );
}
