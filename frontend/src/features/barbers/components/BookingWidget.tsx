import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { type Service, addMinutesHHmm, isBelowMinimum, parseMoneyToCents } from '@barber/shared';
import { ServiceRadioCards } from '../../../components/customer/BookingPickers';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/FormField';
import { toast } from '../../../components/ui/toast';
import {
  bookAndCheckout,
  redirectToSignInToBook,
  SELECT_SERVICE_AND_SLOT_TEXT,
} from '../../../lib/customer/bookingCreate';
import { newUuid } from '../../../lib/customer/ids';
import { usePublicSettings } from '../../../lib/publicSettings';
import { useCurrentUser } from '../../../stores/session';
import { barberDetailsKey, useWidgetAvailability, useZipcodeCity, zipcodeHint } from '../api/barber';
import { queryClient } from '../../../lib/queryClient';
import { useToday } from '../../../lib/useNow';
import { isInBookingWindow } from '../lib/calendar';
import { profileUrlWithBooking, type ProfileBookingParams } from '../../../lib/profileParams';
import { AvailableTimes } from './AvailableTimes';
import { NotifyMeButton } from '../../../components/waitlist/NotifyMeButton';
import { BookingCalendar } from './BookingCalendar';
import { BookingSummary } from './BookingSummary';

/**
 * The booking widget (docs/spec/customer-side.md §2.9): zipcode (5 characters, turned into a city), a
 * calendar (today to 30 days ahead), the service radio list, the available times, the
 * summary and Confirm Booking.
 */
export function BookingWidget({
  barberId,
  services,
  initial,
  profilePath,
}: {
  barberId: number;
  services: Service[];
  initial: ProfileBookingParams;
  profilePath: string;
}) {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const [zipcode, setZipcode] = useState((initial.zipcode ?? '').replace(/\D/g, '').slice(0, 5));
  const [date, setDate] = useState<string | null>(
    initial.date && isInBookingWindow(initial.date) ? initial.date : null,
  );
  const [serviceId, setServiceId] = useState<number | null>(
    initial.serviceId !== null && services.some((s) => s.id === initial.serviceId) ? initial.serviceId : null,
  );
  const [slot, setSlot] = useState<string | null>(initial.startTime);
  const [busy, setBusy] = useState(false);
  const today = useToday();
  const widget = useRef<HTMLDivElement>(null);
  // One Idempotency-Key per opening of the drawer.
  const [idempotencyKey] = useState(newUuid);

  const zipcodeComplete = /^\d{5}$/.test(zipcode);
  const city = useZipcodeCity(zipcode);
  const availability = useWidgetAvailability({ zipcode, date, serviceId });
  const service = services.find((s) => s.id === serviceId);
  // cheaper than the platform's minimum: never bookable, so nothing to wait for either (the times say why)
  const minimum = usePublicSettings().data?.minimumBookingAmount;
  const belowMinimum =
    service !== undefined && minimum !== undefined && isBelowMinimum(parseMoneyToCents(service.price), minimum);
  const locationText = zipcodeComplete && city.data ? city.data.displayCity : null;
  const slots = useMemo(
    () =>
      availability.data?.searchStatus === 'success' ? availability.data.barbers.flatMap((b) => b.availableSlots) : [],
    [availability.data],
  );

  useEffect(() => {
    if (slot && availability.data && !slots.includes(slot)) setSlot(null);
  }, [availability.data, slot, slots]);

  const confirm = async () => {
    if (!user) {
      const end = service && slot ? safeEnd(slot, service.duration) : null;
      redirectToSignInToBook(
        navigate,
        'profile',
        profileUrlWithBooking(profilePath, {
          date,
          zipcode,
          serviceId,
          startTime: slot,
          endTime: end,
          totalAmount: service?.price ?? null,
        }),
      );
      return;
    }
    if (!service || !slot || !date || !zipcodeComplete) {
      toast({ title: SELECT_SERVICE_AND_SLOT_TEXT, variant: 'destructive' });
      focusFirstMissing(widget.current, { zipcodeComplete, date, service, slot });
      return;
    }
    setBusy(true);
    const input = { barberId, service, date, startTime: slot, zipcode };
    if (!(await bookAndCheckout(input, idempotencyKey, navigate, 'widget'))) {
      setBusy(false);
      void availability.refetch();
      // the services too: a price or length changed since the profile was read is refused until read again
      void queryClient.invalidateQueries({ queryKey: barberDetailsKey(String(barberId)) });
    }
  };

  return (
    <div className="space-y-5" ref={widget}>
      <InputField
        label="Zipcode"
        hint={zipcodeHint(zipcodeComplete, city.data)}
        value={zipcode}
        onChange={(e) => setZipcode(e.target.value.replace(/\D/g, '').slice(0, 5))}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        placeholder="33139"
      />

      <div>
        <h3 className="mb-2 text-sm font-medium text-zinc-900">Date</h3>
        <BookingCalendar value={date} onChange={setDate} />
      </div>

      {services.length === 0 ? (
        <p className="text-sm text-zinc-600">This barber has no services available for booking.</p>
      ) : (
        <ServiceRadioCards name="widget-service" services={services} value={serviceId} onChange={setServiceId} />
      )}

      <AvailableTimes
        zipcodeComplete={zipcodeComplete}
        hasDateAndService={date !== null && serviceId !== null}
        answer={availability.data}
        isLoading={availability.isPending && availability.fetchStatus !== 'idle'}
        isError={availability.isError}
        value={slot}
        onChange={setSlot}
      />

      {/* the chosen day is full: offer the waitlist (issue 13) */}
      {date &&
      service &&
      !belowMinimum &&
      availability.data?.searchStatus === 'no_availability' &&
      isInBookingWindow(date, today) ? (
        <NotifyMeButton barberId={barberId} date={date} serviceId={service.id} zipcode={zipcode} />
      ) : null}

      <BookingSummary service={service} date={date} slot={slot} location={locationText} />

      <Button className="w-full" size="lg" onClick={() => void confirm()} disabled={busy}>
        {busy ? 'Booking...' : 'Confirm Booking'}
      </Button>
    </div>
  );
}

/**
 * Confirm Booking with something missing: the toast says so for a moment; focus goes to the first choice still to
 * make (zipcode, date, service, time), so a keyboard or screen-reader user is where the answer is asked.
 */
function focusFirstMissing(
  widget: HTMLElement | null,
  chosen: { zipcodeComplete: boolean; date: string | null; service: unknown; slot: string | null },
): void {
  const selector = !chosen.zipcodeComplete
    ? 'input[inputmode="numeric"]'
    : !chosen.date
      ? '[data-testid="booking-calendar"] [role="group"] button:not([disabled])'
      : !chosen.service
        ? 'input[name="widget-service"]'
        : 'input[name="widget-time"]';
  widget?.querySelector<HTMLElement>(selector)?.focus();
}

function safeEnd(start: string, duration: number): string | null {
  try {
    return addMinutesHHmm(start, duration);
  } catch {
    return null;
  }
}
