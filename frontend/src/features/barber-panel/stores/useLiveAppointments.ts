import { useEffect } from 'react';
import type { PushMessage } from '@barber/shared';
import { subscribeToEvents } from '../../../lib/socket';
import { useAppointmentsStore } from './appointments';

/** Applies one pushed booking event to the appointments store (`barberId`: only that barber's). */
export function applyPushedEvent(msg: PushMessage, barberId: number | null | undefined): void {
  if (!msg || (!msg.booking && !msg.bookingId)) return;
  if (msg.booking && barberId && msg.booking.barberId !== barberId) return;
  useAppointmentsStore.getState().applyPush({
    booking: msg.booking ?? null,
    bookingId: msg.bookingId ?? null,
    status: msg.status ?? null,
    cursor: msg.cursor,
  });
}

/**
 * Keeps the appointments store current from pushed booking events while a panel screen is open
 * (docs/design.md §6). An administrator receives every barber's events: only the viewed barber's apply.
 */
export function useLiveAppointments(barberId: number | null | undefined): void {
  useEffect(() => subscribeToEvents((msg) => applyPushedEvent(msg, barberId)), [barberId]);
}
