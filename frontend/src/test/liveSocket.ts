import type { BookingView, PushMessage } from '@barber/shared';
import { act } from '@testing-library/react';
import type { LiveStatus } from '../lib/socket';
import { pushMessage } from './booking';

/*
 * A stand-in for lib/socket in screen tests, which then play the server: `vi.mock('<…>/lib/socket', () =>
 * import('<…>/test/liveSocket'))` (vi.mock stays in the test file, where Vitest hoists it), then `push`,
 * `sendPush` or `sendResync` what the server would send.
 */
const pushHandlers = new Set<(msg: PushMessage) => void>();
const resyncHandlers = new Set<() => void>();

function subscribe<T>(handlers: Set<T>, handler: T): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

export const subscribeToEvents = (handler: (msg: PushMessage) => void) => subscribe(pushHandlers, handler);
export const subscribeToResync = (handler: () => void) => subscribe(resyncHandlers, handler);
export const useLiveStatus = (): LiveStatus => 'live';

/** The server pushes `msg` to every screen subscribed. */
export function sendPush(msg: PushMessage): void {
  act(() => pushHandlers.forEach((h) => h(msg)));
}

/** The server could not replay what was missed: the screens read again. */
export function sendResync(): void {
  act(() => resyncHandlers.forEach((h) => h()));
}

let position = 0;
/** Pushes a `type` event of `booking` (null: an event whose booking the server could not read) at the next cursor. */
export function push(type: string, booking: BookingView | null, bookingId?: string): void {
  position += 1;
  sendPush(pushMessage(type, booking, position, bookingId));
}
