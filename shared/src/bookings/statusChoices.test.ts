import { describe, expect, it } from 'vitest';
import { toInstant } from '../time';
import { canDecide, commandForStatus } from './decider';
import type { BookingActor } from './commands';
import { fold } from './state';
import type { BookingEvent } from './events';
import { createdData } from './fixtures';
import {
  BARBER_STATUS_TRANSITIONS,
  BOOKING_STATUSES,
  BOOKING_TARGET_STATUSES,
  barberStatusChoices,
  type BookingStatus,
} from './status';

/*
 * Issue 11 item 11: the barber's details dialog offered statuses the server then refused (Completed on a
 * confirmed booking, Confirmed on a cancelled one). The dialog's choices come from the table the decider
 * enforces; this proves the two agree for every status, paid or not, with details or not.
 */

const barber: BookingActor = { userId: 20, role: 'barber', barberId: 5 };
/** During the fixture appointment (2025-03-09 10:00-10:45): every clock rule allows every step. */
const DURING = toInstant('2025-03-09', '10:15');
const context = { now: DURING, cancellationWindowHours: 24, reason: 'Customer asked' };

const details: BookingEvent = {
  type: 'detailsSaved',
  data: {
    customerPhone: '305-555-0100',
    customerAddress: '1200 Ocean Dr, Miami Beach',
    apartmentUnit: null,
    specialInstructions: null,
  },
};
const paid: BookingEvent = { type: 'paid', data: { paymentIntentId: 'pi_1', amount: 4500 } };
const step = (type: 'confirmed' | 'enRoute' | 'arrived' | 'started' | 'completed' | 'noShow'): BookingEvent =>
  ({ type, data: {} }) as BookingEvent;
const cancelled: BookingEvent = { type: 'cancelled', data: { reason: 'Rain', by: 'barber' } };

/** Events that bring a booking to `status`; pending ones vary by payment and details. */
function historiesOf(status: BookingStatus): BookingEvent[][] {
  const created = (feeOn: boolean): BookingEvent => ({
    type: 'created',
    data: createdData(feeOn ? {} : { feeCollectionEnabled: false, platformFee: 0, barberAmount: 4500 }),
  });
  const confirmedPath = [created(false), details, step('confirmed')];
  switch (status) {
    case 'pending':
      return [[created(true)], [created(true), details], [created(false)], [created(false), details]];
    case 'confirmed':
      return [confirmedPath, [created(true), details, paid, step('confirmed')]];
    case 'en_route':
      return [[...confirmedPath, step('enRoute')]];
    case 'arrived':
      return [[...confirmedPath, step('enRoute'), step('arrived')]];
    case 'in_progress':
      return [[...confirmedPath, step('started')]];
    case 'completed':
      return [[...confirmedPath, step('started'), step('completed')]];
    case 'cancelled':
      return [[...confirmedPath, cancelled]];
    case 'no_show':
      return [[...confirmedPath, step('noShow')]];
  }
}

describe('the status choices of the barber details dialog', () => {
  for (const status of BOOKING_STATUSES) {
    it(`offers from ${status} exactly the changes the decider accepts`, () => {
      for (const events of historiesOf(status)) {
        const state = fold(events);
        expect(state.created && state.status).toBe(status);
        if (!state.created) continue;
        const accepted = BOOKING_TARGET_STATUSES.filter(
          (target) => target !== status && canDecide(commandForStatus(target, barber, context), state),
        );
        const offered = barberStatusChoices(state).filter((s) => s !== status);
        expect(offered.sort(), events.map((e) => e.type).join(' > ')).toEqual([...accepted].sort());
      }
    });
  }

  it('keeps the current status first, so saving notes alone changes no status', () => {
    expect(
      barberStatusChoices({ status: 'completed', detailsSaved: true, paid: true, feeCollectionEnabled: true }),
    ).toEqual(['completed']);
    expect(
      barberStatusChoices({ status: 'confirmed', detailsSaved: true, paid: true, feeCollectionEnabled: true }),
    ).toEqual(['confirmed', 'en_route', 'arrived', 'in_progress', 'no_show', 'cancelled']);
  });

  it('is the table the decider reads: final statuses lead nowhere', () => {
    expect(BARBER_STATUS_TRANSITIONS.completed).toEqual([]);
    expect(BARBER_STATUS_TRANSITIONS.cancelled).toEqual([]);
    expect(BARBER_STATUS_TRANSITIONS.no_show).toEqual([]);
  });
});
