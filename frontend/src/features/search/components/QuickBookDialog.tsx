import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { addMinutesHHmm, type BarberSearchResult } from '@barber/shared';
import { ServiceRadioCards, SlotRadioCards } from '../../../components/customer/BookingPickers';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/Dialog';
import { DialogActions } from '../../../components/ui/FormDialog';
import { toast } from '../../../components/ui/toast';
import {
  bookAndCheckout,
  redirectToSignInToBook,
  SELECT_SERVICE_AND_SLOT_TEXT,
} from '../../../lib/customer/bookingCreate';
import { formatLocalDate } from '../../../lib/customer/format';
import { newUuid } from '../../../lib/customer/ids';
import { useCurrentUser } from '../../../stores/session';
import { profileUrlWithBooking } from '../../../lib/profileParams';
import { useServiceSlots } from '../api/search';
import { QUICK_BOOK_SERVICE_LIMIT, QUICK_BOOK_SLOT_LIMIT } from '../lib/options';
import { searchedCategory, servicesForSearch } from '../lib/serviceCategory';

/** Where a visitor's Quick Book goes on after signing in: the profile's booking widget with the choice in it. */
export function quickBookResumeUrl(
  barberId: number,
  choice: {
    date: string;
    zipcode: string;
    service: { id: number; duration: number; price: string } | undefined;
    slot: string | null;
  },
): string {
  const { service, slot } = choice;
  let endTime: string | null = null;
  if (service && slot) {
    try {
      endTime = addMinutesHHmm(slot, service.duration);
    } catch {
      endTime = null;
    }
  }
  return profileUrlWithBooking(`/barber-profile/${barberId}`, {
    date: choice.date || null,
    zipcode: choice.zipcode,
    serviceId: service?.id ?? null,
    startTime: slot,
    endTime,
    totalAmount: service?.price ?? null,
  });
}

/**
 * The Quick Book dialog (docs/spec/customer-side.md §2.8): the first 3 services (those of the searched
 * category first, the first of them chosen), up to 9 slots of the search (narrowed to the times where the
 * chosen service fits), Cancel and Confirm Booking.
 */
export function QuickBookDialog({
  barber,
  initialSlot = null,
  slots,
  date,
  zipcode,
  serviceCategory,
  onClose,
}: {
  barber: BarberSearchResult | null;
  /** The time chip pressed, chosen at once (it stays chosen while the chosen service fits it). */
  initialSlot?: string | null;
  /** The result's slots, already limited to the chosen time range. */
  slots: string[];
  date: string;
  zipcode: string;
  /** The search's service category ("all" or none: any service). */
  serviceCategory?: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={barber !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {barber ? (
        <QuickBookBody
          key={`${barber.id}-${initialSlot ?? ''}-${serviceCategory ?? ''}`}
          barber={barber}
          initialSlot={initialSlot}
          slots={slots}
          date={date}
          zipcode={zipcode}
          category={searchedCategory(serviceCategory)}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function QuickBookBody({
  barber,
  initialSlot,
  slots,
  date,
  zipcode,
  category,
  onClose,
}: {
  barber: BarberSearchResult;
  initialSlot: string | null;
  slots: string[];
  date: string;
  zipcode: string;
  category: string | null;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  // the searched category's services first (the search's times were found for them), the first one chosen
  const services = servicesForSearch(barber.services, category, QUICK_BOOK_SERVICE_LIMIT);
  const [serviceId, setServiceId] = useState<number | null>(services[0]?.id ?? null);
  const [slot, setSlot] = useState<string | null>(initialSlot);
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per dialog attempt: a retried request never books twice.
  const [idempotencyKey] = useState(newUuid);
  const name = barber.user.fullName || barber.user.username;

  const fit = useServiceSlots({ zipcode, date, serviceId });
  const queryClient = useQueryClient();
  const shownSlots = useMemo(() => {
    const fitting =
      fit.data?.searchStatus === 'success' ? new Set(fit.data.barbers.flatMap((b) => b.availableSlots)) : null;
    const list = fit.data && fitting ? slots.filter((s) => fitting.has(s)) : fit.data ? [] : slots;
    return list.slice(0, QUICK_BOOK_SLOT_LIMIT);
  }, [fit.data, slots]);

  useEffect(() => {
    // once the fitting times are known; until then a chip's time stays chosen
    if (slot && (fit.data || !slots.includes(slot)) && !shownSlots.includes(slot)) setSlot(null);
  }, [shownSlots, slot, fit.data, slots]);

  const confirm = async () => {
    const service = services.find((s) => s.id === serviceId);
    if (!user) {
      // Like the profile's widget: after signing in the visitor lands in the barber's booking widget
      // with this date, zipcode, service and time already chosen.
      onClose();
      redirectToSignInToBook(navigate, 'default', quickBookResumeUrl(barber.id, { date, zipcode, service, slot }));
      return;
    }
    if (!service || !slot) {
      toast({ title: SELECT_SERVICE_AND_SLOT_TEXT, variant: 'destructive' });
      return;
    }
    setBusy(true);
    const input = { barberId: barber.id, service, date, startTime: slot, zipcode };
    if (!(await bookAndCheckout(input, idempotencyKey, navigate, 'quick'))) {
      setBusy(false);
      // the time may have been taken meanwhile (SLOT_TAKEN): the times offered are read again, as the
      // profile's booking widget does, and a chosen one no longer free is let go
      void fit.refetch();
      // and the search's cards, whose time chips offered it too
      void queryClient.invalidateQueries({ queryKey: ['/api/search/barbers'] });
    }
  };

  return (
    <DialogContent
      className="max-w-xl"
      onCloseAutoFocus={(event) => {
        // back to the Book Now button that opened it (Radix knows no trigger here: it would focus the page)
        const opener = document.querySelector<HTMLElement>(`[data-book-now="${barber.id}"]`);
        if (opener) {
          event.preventDefault();
          opener.focus();
        }
      }}
    >
      <DialogHeader>
        <DialogTitle>Quick Book</DialogTitle>
        <DialogDescription>
          {name} · {formatLocalDate(date, 'long')}
        </DialogDescription>
      </DialogHeader>

      {services.length === 0 ? (
        <p className="rounded-lg bg-zinc-100 p-3 text-sm text-zinc-700">
          No services available. Please visit the barber's profile for more options.
        </p>
      ) : (
        <ServiceRadioCards name="quick-book-service" services={services} value={serviceId} onChange={setServiceId} />
      )}

      {services.length === 0 ? null : fit.isFetching && !fit.data ? (
        <p className="text-sm text-zinc-600" role="status">
          Loading available times...
        </p>
      ) : shownSlots.length === 0 ? (
        <p className="rounded-lg bg-zinc-100 p-3 text-sm text-zinc-700">
          No time slots match your criteria. Try adjusting your time preferences.
        </p>
      ) : (
        <SlotRadioCards
          name="quick-book-slot"
          legend="Time"
          className="grid-cols-3"
          slots={shownSlots}
          value={slot}
          onChange={setSlot}
        />
      )}

      <DialogActions
        onConfirm={() => void confirm()}
        submitLabel="Confirm Booking"
        pendingLabel="Booking..."
        pending={busy}
      />
    </DialogContent>
  );
}
