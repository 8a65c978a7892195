import { evolve, fold, isLiveStatus, type BookingEvent, type BookingState } from '@barber/shared';
import { clockNow } from '../bookings/clock';
import { isBookingStream, toBookingEvent } from '../bookings/projections';
import { storesAnswer } from '../jobs/queues';
import { startSubscription, type RunningSubscription, type SubscriptionOptions } from '../eventstore/subscription';
import type { StoredEvent } from '../eventstore/types';
import type { Deps } from '../plugins/deps';
import { dispatchNotices, type NotifyDeps } from './dispatch';
import { noticesFor } from './messages';
import { NOTICE_MAX_AGE_MS } from './outbox';
import { loadParties } from './people';
import { removeReminder, scheduleReminder } from './reminders';
import { owesIntentCancellation, requestIntentCancellation } from '../payments/intentCancellations';
import { owesRefund, requestRefund } from '../payments/refundRequests';

export const BOOKING_NOTIFIER = 'booking-notifications';

/** `clock`: the booking rules' injected clock, which decides whether a reminder is still owed. */
export type NotifierDeps = NotifyDeps & Pick<Deps, 'clock'>;

export interface NotifierOptions extends Pick<SubscriptionOptions, 'parkedRetryMs'> {
  /** The subscription's name in the subscriptions table. */
  name?: string;
  pollMs?: number;
  /** Wait before reading again after a failure (Redis or Postgres away). */
  retryMs?: number;
  /** The process's logger (pino): every failure is logged through it. */
  log: SubscriptionOptions['log'];
}

export type RunningNotifier = RunningSubscription;

/**
 * The booking-event subscriber the worker runs: a durable subscription to the event log
 * (eventstore/subscription.ts) that turns booking events into notification jobs (in-app and email),
 * reminder jobs, refund jobs (a paid booking cancelled, or a payment on a cancelled one: the refund's
 * durable path, which no crash between a command's commit and an enqueue can lose) and the cancellation at Stripe of
 * the PaymentIntent of a booking that ended unpaid. Handling an event
 * twice queues nothing new (job ids and source keys derive from the event id). A new subscription starts
 * at the head of the log, so history is never announced (the worker's sweeper covers what came before).
 */
export function startBookingNotifier(deps: NotifierDeps, options: NotifierOptions): Promise<RunningNotifier> {
  return startSubscription(deps.sql, {
    ...options,
    name: options.name ?? BOOKING_NOTIFIER,
    label: 'notification subscriber',
    healthy: () => storesAnswer(deps),
    handle: async (event, scope) => {
      if (isBookingStream(event.streamId) && HANDLED.has(event.type))
        await handleEvent(deps, event, await scope.stream(event.streamId), scope.late);
    },
  });
}

const HANDLED: ReadonlySet<string> = new Set<BookingEvent['type']>([
  'created',
  'paid',
  'confirmed',
  'paymentFailed',
  'enRoute',
  'arrived',
  'started',
  'completed',
  'cancelled',
  'noShow',
  'rescheduled',
  'refunded',
  'expired',
  'etaUpdated',
  'refundSucceeded',
  'refundFailed',
]);

async function handleEvent(
  deps: NotifierDeps,
  event: StoredEvent,
  history: StoredEvent[],
  late: boolean,
): Promise<void> {
  // An event of a type this worker does not know (a newer backend's, during a deploy) throws a plain Error: the
  // subscription retries it, then parks it and goes on, trying it again every few minutes until a worker that knows
  // it runs, so nothing is lost and nothing else waits for it. (Only a ZodError, a payload that does not parse, is skipped.)
  const bookingEvent: BookingEvent = toBookingEvent(event);
  const before: BookingState = fold(history.filter((e) => e.streamVersion < event.streamVersion).map(toBookingEvent));
  const state = evolve(before, bookingEvent);
  if (!state.created) return;
  // paid after a cancellation, cancelled when paid, or expired by a payment that came after the appointment
  if (
    (bookingEvent.type === 'cancelled' || bookingEvent.type === 'paid' || bookingEvent.type === 'expired') &&
    owesRefund(state)
  )
    await requestRefund(deps.queues, state.bookingId);
  // ended unpaid: a checkout left open must not charge the card any more
  if ((bookingEvent.type === 'cancelled' || bookingEvent.type === 'expired') && owesIntentCancellation(state))
    await requestIntentCancellation(deps.queues, state.bookingId);
  // Handled a day late (the worker was down, or stuck on a failing event): news of a day ago is no news, as for the
  // outbox's notices; "your barber is on the way" after the visit would mislead. The refunds and reminders still follow.
  // A parked event tried again after later ones of its booking were told: its news is stale ("confirmed" after
  // "cancelled" would contradict what the customer was told last).
  const overtaken = late && history.some((e) => e.streamVersion > event.streamVersion);
  if (!overtaken && clockNow(deps).getTime() - event.recordedAt.getTime() <= NOTICE_MAX_AGE_MS) {
    const parties = await loadParties(deps.sql, state);
    const notices = noticesFor(bookingEvent, state, parties, event.metadata.actorRole, before);
    await dispatchNotices(deps, notices, parties, { sourceKey: event.eventId, bookingId: state.bookingId });
  }

  switch (bookingEvent.type) {
    case 'confirmed':
      await scheduleReminder(deps.queues, state, clockNow(deps).getTime());
      break;
    case 'rescheduled':
      if (state.status !== 'pending' && isLiveStatus(state.status))
        await scheduleReminder(deps.queues, state, clockNow(deps).getTime());
      break;
    case 'cancelled':
    case 'expired':
    case 'noShow':
    case 'completed':
      await removeReminder(deps.queues, state.bookingId);
      break;
    default:
      break;
  }
}
