import { useEffect } from 'react';
import type { PushMessage } from '@barber/shared';
import { subscribeToEvents } from '../../../lib/socket';
import { useAppointments } from './appointments';

/** Applies one pushed booking event to the appointments (`barberId`: only that barber's). */
export function applyPushedEvent(msg: PushMessage, barberId: number | null | undefined): void {
  if (!msg) return;
  const { push, patch } = useAppointments.getState();
  if (msg.booking) {
    if (barberId && msg.booking.barberId !== barberId) return;
    push(msg.booking);
  } else if (msg.bookingId && msg.status) {
    // no read model came with the event: its status is all there is to show
    const status = msg.status;
    patch(msg.bookingId, (held) => (held.status === status ? held : { ...held, status }));
  }
}

/**
 * Keeps the appointments current from pushed booking events while a panel screen is open
 * (docs/design.md §6). An administrator receives every barber's events: only the viewed barber's apply.
 */
export function useLiveAppointments(barberId: number | null | undefined): void {
  useEffect(() => subscribeToEvents((msg) => applyPushedEvent(msg, barberId)), [barberId]);
}
