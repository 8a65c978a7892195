import { useEffect } from 'react';
import { bookingStatusLabel, type BookingView, type PushMessage } from '@barber/shared';
import { announce } from '../../../lib/announce';
import { readBooking } from '../../../lib/readBooking';
import { subscribeToEvents } from '../../../lib/socket';
import { useSession } from '../../../stores/session';
import { customerName } from '../lib/contact';
import { formatDate, formatTime } from '../lib/format';
import { useAppointments } from './appointments';

/**
 * Whether a booking is one of the panel's appointments: the viewed barber's (`barberId`, an administrator's
 * choice), or else the signed-in barber's own, the barber whose user they are. A barber's socket also gets the
 * bookings they made as a customer (their user room): those are not appointments. The session does not carry
 * the barber's id, so the booking's barber is told by its user id.
 */
export function isPanelBooking(booking: BookingView, barberId: number | null | undefined): boolean {
  if (barberId) return booking.barberId === barberId;
  const userId = useSession.getState().user?.id;
  return userId !== undefined && booking.barber?.user.id === userId;
}

/** Applies one pushed booking event to the appointments (`barberId`: that barber's; none: the signed-in barber's). */
export function applyPushedEvent(msg: PushMessage, barberId: number | null | undefined): void {
  if (!msg) return;
  const { push, byId } = useAppointments.getState();
  if (msg.booking) {
    if (!isPanelBooking(msg.booking, barberId)) return;
    const held = byId[msg.booking.id];
    push(msg.booking);
    if (!msg.replayed) announceChange(msg.booking, held, msg.type === 'created');
  } else if (msg.bookingId && (byId[msg.bookingId] || msg.type === 'created')) {
    // No read model came with the event: the booking is read over HTTP, whose version decides (a status set on the
    // held version would stay over a newer page of the same version, and an older event replayed could set it).
    // A new one is read too: it is one of the panel's if it is this barber's.
    void readBooking(msg.bookingId).then((booking) => {
      if (booking && isPanelBooking(booking, barberId)) useAppointments.getState().push(booking);
    });
  }
}

/**
 * A new booking, or a status reached live, said to screen readers too (the list changes without a click),
 * in the words of the status badges the barber sees.
 */
function announceChange(booking: BookingView, held: BookingView | undefined, created: boolean): void {
  const when = `${formatDate(booking.date)} at ${formatTime(booking.startTime)}`;
  if (!held) {
    if (created) announce(`New booking: ${customerName(booking)}, ${when}.`);
    return;
  }
  if (booking.version > held.version && booking.status !== held.status)
    announce(`${customerName(booking)}, ${when}: ${bookingStatusLabel(booking.status)}.`);
}

/**
 * Keeps the appointments current from pushed booking events while a panel screen is open
 * (docs/design.md §6). An administrator receives every barber's events: only the viewed barber's apply.
 */
export function useLiveAppointments(barberId: number | null | undefined): void {
  useEffect(() => subscribeToEvents((msg) => applyPushedEvent(msg, barberId)), [barberId]);
}
