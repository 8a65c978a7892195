import { describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '../errors';
import { toInstant } from '../time';
import { SYSTEM_ACTOR, type BookingActor, type BookingCommand } from './commands';
import { canDecide, commandForStatus, decide } from './decider';
import { BOOKING_EVENT_TYPES, bookingEventSchema, type BookingCreatedData, type BookingEvent } from './events';
import {
  ADMIN_BOOKING_STATUS_LABELS,
  BARBER_QUICK_ACTIONS,
  BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  LIVE_STATUSES,
  bookingStatusLabel,
  type BookingStatus,
} from './status';
import { createdData } from './fixtures';
import { evolve, fold, initialState, type CreatedBooking } from './state';
import { barberQuickActionsAt } from './timeRules';

/* ---------- given / when / then ---------- */

type Expectation = BookingEvent[] | ErrorCode;

function given(events: BookingEvent[]) {
  return {
    when(command: BookingCommand) {
      return {
        then(expected: Expectation, fields?: Record<string, unknown>) {
          const state = fold(events);
          if (typeof expected === 'string') {
            let thrown: unknown;
            try {
              decide(command, state);
            } catch (error) {
              thrown = error;
            }
            expect(thrown, `expected ${expected}`).toBeInstanceOf(AppError);
            const error = thrown as AppError;
            expect(error.code).toBe(expected);
            if (fields) expect(error.fields).toMatchObject(fields);
            return error;
          }
          const produced = decide(command, state);
          expect(produced).toEqual(expected);
          for (const event of produced) expect(bookingEventSchema.safeParse(event).success).toBe(true);
          return produced;
        },
      };
    },
  };
}

/* ---------- fixtures ---------- */

const customer: BookingActor = { userId: 10, role: 'customer', barberId: null };
const otherCustomer: BookingActor = { userId: 11, role: 'customer', barberId: null };
const barber: BookingActor = { userId: 20, role: 'barber', barberId: 5 };
const otherBarber: BookingActor = { userId: 21, role: 'barber', barberId: 6 };
const admin: BookingActor = { userId: 1, role: 'admin', barberId: null };
const system = SYSTEM_ACTOR;

/* The fixture appointment is 2025-03-09 10:00-10:45 New York. */
const DURING = toInstant('2025-03-09', '10:15');
/** Two days before: a customer may still cancel with the default 24-hour window. */
const TWO_DAYS_BEFORE = toInstant('2025-03-07', '10:00');
const statusContext = { now: DURING, cancellationWindowHours: 24 };

const feeOffData = { feeCollectionEnabled: false, platformFee: 0, barberAmount: 4500 } as const;

const created = (overrides: Partial<BookingCreatedData> = {}): BookingEvent => ({
  type: 'created',
  data: createdData(overrides),
});
const createdFeeOff = () => created(feeOffData);
const details: BookingEvent = {
  type: 'detailsSaved',
  data: {
    customerPhone: '305-555-0100',
    customerAddress: '1200 Ocean Dr, Miami Beach',
    apartmentUnit: '4B',
    specialInstructions: null,
  },
};
const paid = (paymentIntentId = 'pi_1', amount = 4500): BookingEvent => ({
  type: 'paid',
  data: { paymentIntentId, amount },
});
const confirmed: BookingEvent = { type: 'confirmed', data: {} };
/** En route as recorded before arrival times existed (it must still fold). */
const enRoute: BookingEvent = { type: 'enRoute', data: {} };
/** En route marked at `now` with `minutes` to travel (the fixture block's travel buffer is 30). */
const enRouteAt = (now: Date, minutes = 30): BookingEvent => ({
  type: 'enRoute',
  data: { etaAt: new Date(now.getTime() + minutes * 60_000).toISOString() },
});
const arrived: BookingEvent = { type: 'arrived', data: {} };
const started: BookingEvent = { type: 'started', data: {} };
const completed: BookingEvent = { type: 'completed', data: {} };
const noShow: BookingEvent = { type: 'noShow', data: {} };
const cancelled = (reason: string, by: 'customer' | 'barber' | 'admin'): BookingEvent => ({
  type: 'cancelled',
  data: { reason, by },
});

/** A realistic (paid, fee collection on) history that ends in each status. */
const historyTo: Record<BookingStatus, BookingEvent[]> = {
  pending: [created(), details],
  confirmed: [created(), details, paid(), confirmed],
  en_route: [created(), details, paid(), confirmed, enRoute],
  arrived: [created(), details, paid(), confirmed, enRoute, arrived],
  in_progress: [created(), details, paid(), confirmed, enRoute, arrived, started],
  completed: [created(), details, paid(), confirmed, enRoute, arrived, started, completed],
  cancelled: [created(), details, paid(), confirmed, cancelled('Sick', 'barber')],
  no_show: [created(), details, paid(), confirmed, noShow],
};

type ProgressCommand = 'markEnRoute' | 'markArrived' | 'start' | 'complete' | 'markNoShow';
const progress: Record<ProgressCommand, { event: BookingEvent; from: BookingStatus[]; label: string }> = {
  markEnRoute: { event: enRouteAt(DURING), from: ['confirmed'], label: 'mark as en route' },
  markArrived: { event: arrived, from: ['confirmed', 'en_route'], label: 'mark as arrived' },
  start: { event: started, from: ['confirmed', 'en_route', 'arrived'], label: 'start' },
  complete: { event: completed, from: ['in_progress'], label: 'complete' },
  markNoShow: { event: noShow, from: ['confirmed', 'en_route', 'arrived'], label: 'mark as no-show' },
};

/* ---------- tests ---------- */

describe('statuses', () => {
  it('labels every status for customers and admins', () => {
    expect(BOOKING_STATUSES.map((s) => BOOKING_STATUS_LABELS[s])).toEqual([
      'Pending',
      'Confirmed',
      'Barber En Route',
      'Barber Arrived',
      'In Progress',
      'Completed',
      'Cancelled',
      'No Show',
    ]);
    expect(ADMIN_BOOKING_STATUS_LABELS.en_route).toBe('En Route');
    expect(ADMIN_BOOKING_STATUS_LABELS.arrived).toBe('Arrived');
    expect(bookingStatusLabel('weird', 'admin')).toBe('Pending');
  });

  it('live statuses hold the slot: everything but cancelled and no_show', () => {
    expect([...LIVE_STATUSES].sort()).toEqual(
      BOOKING_STATUSES.filter((s) => s !== 'cancelled' && s !== 'no_show').sort(),
    );
  });

  it('barber quick actions follow the barber spec table', () => {
    const table = Object.fromEntries(
      BOOKING_STATUSES.map((s) => [s, BARBER_QUICK_ACTIONS[s].map((a) => `${a.label}->${a.target}`)]),
    );
    expect(table).toEqual({
      pending: ['Confirm->confirmed', 'Cancel->cancelled'],
      confirmed: ['En Route->en_route', 'Cancel->cancelled'],
      en_route: ['Arrived->arrived'],
      arrived: ['Start Service->in_progress'],
      in_progress: ['Complete->completed'],
      completed: [],
      cancelled: [],
      no_show: [],
    });
    expect(BARBER_QUICK_ACTIONS.pending[1]?.requiresReason).toBe(true);
  });
});

describe('events', () => {
  it('lists the eighteen event types of the design', () => {
    expect(BOOKING_EVENT_TYPES).toHaveLength(18);
  });

  it('refuses malformed events', () => {
    expect(bookingEventSchema.safeParse(created({ date: '2025-02-30' })).success).toBe(false);
    expect(bookingEventSchema.safeParse(created({ startTime: '9:00' })).success).toBe(false);
    expect(bookingEventSchema.safeParse(created({ totalAmount: 45.5 })).success).toBe(false);
    expect(bookingEventSchema.safeParse(created({ bookingId: 'nope' })).success).toBe(false);
    expect(
      bookingEventSchema.safeParse({ type: 'notesUpdated', data: { barberNotes: null, estimatedTravelTime: 181 } })
        .success,
    ).toBe(false);
    expect(bookingEventSchema.safeParse({ type: 'unknown', data: {} }).success).toBe(false);
  });
});

describe('evolve', () => {
  it('starts not created', () => {
    expect(initialState()).toEqual({ created: false });
  });

  it('folds a whole paid, cancelled and refunded history', () => {
    const state = fold([
      created(),
      details,
      { type: 'paymentFailed', data: { paymentIntentId: 'pi_0', message: 'Card declined' } },
      paid('pi_1'),
      confirmed,
      { type: 'notesUpdated', data: { barberNotes: 'Gate code 1234', estimatedTravelTime: 25 } },
      { type: 'rescheduled', data: { date: '2025-03-10', startTime: '11:00', endTime: '11:45' } },
      cancelled('Barber sick', 'barber'),
      { type: 'refunded', data: { refundId: 're_1', amount: 4500 } },
    ]) as CreatedBooking;
    expect(state).toMatchObject({
      created: true,
      status: 'cancelled',
      customerPhone: '305-555-0100',
      detailsSaved: true,
      paid: true,
      paymentIntentId: 'pi_1',
      paidAmount: 4500,
      lastPaymentError: null,
      barberNotes: 'Gate code 1234',
      estimatedTravelTime: 25,
      date: '2025-03-10',
      startTime: '11:00',
      endTime: '11:45',
      durationMinutes: 45,
      cancellationReason: 'Barber sick',
      cancelledBy: 'barber',
      refunded: true,
      refundId: 're_1',
      feeCollectionEnabled: true,
    });
  });

  it('reaches each status through its history', () => {
    for (const status of BOOKING_STATUSES) {
      expect((fold(historyTo[status]) as CreatedBooking).status).toBe(status);
    }
  });

  it('ignores events before created', () => {
    expect(evolve(initialState(), confirmed)).toEqual({ created: false });
  });
});

describe('create', () => {
  /** The customer's request two days ahead of the appointment, and the event it gives (requested then). */
  const create = (actor: BookingActor, data = createdData(), now = TWO_DAYS_BEFORE): BookingCommand => ({
    type: 'create',
    actor,
    now,
    data,
  });
  const requested = (overrides: Partial<BookingCreatedData> = {}) =>
    created({ ...overrides, requestedAt: TWO_DAYS_BEFORE.toISOString() });

  it("a signed-in customer creates a pending booking, requested at the command's time", () => {
    given([]).when(create(customer)).then([requested()]);
    expect(fold([requested()])).toMatchObject({ status: 'pending', requestedAt: TWO_DAYS_BEFORE.toISOString() });
    // a booking from before the log kept the time of the request
    expect(fold([created()])).toMatchObject({ status: 'pending', requestedAt: null });
  });

  it('with fee collection off there is no platform fee', () => {
    given([])
      .when(create(customer, createdData(feeOffData)))
      .then([requested(feeOffData)]);
    given([])
      .when(create(customer, createdData({ feeCollectionEnabled: false })))
      .then('VALIDATION_FAILED');
  });

  it('only a customer books, and only for themselves', () => {
    given([]).when(create(barber)).then('FORBIDDEN');
    given([]).when(create(admin)).then('FORBIDDEN');
    given([]).when(create(otherCustomer)).then('FORBIDDEN');
  });

  it('refuses a second create on the same stream', () => {
    given([created()]).when(create(customer)).then('CONFLICT');
  });

  it('refuses inconsistent times and amounts', () => {
    const when = (data: BookingCreatedData) => given([]).when(create(customer, data));
    when(createdData({ endTime: '09:00' })).then('VALIDATION_FAILED');
    when(createdData({ endTime: '11:00' })).then('VALIDATION_FAILED');
    when(createdData({ barberAmount: 4000 })).then('VALIDATION_FAILED');
    when(createdData({ zipcode: '3313' })).then('VALIDATION_FAILED');
    when(createdData({ date: '2025-13-01' })).then('VALIDATION_FAILED');
  });

  it("refuses an appointment that has started or is past at the command's time", () => {
    given([])
      .when(create(customer, createdData(), DURING))
      .then('VALIDATION_FAILED', { field: 'date' });
    given([])
      .when(create(customer, createdData(), toInstant('2025-03-09', '10:00')))
      .then('VALIDATION_FAILED', { field: 'date' });
    given([])
      .when(create(customer, createdData(), toInstant('2025-03-09', '09:59')))
      .then([created({ requestedAt: toInstant('2025-03-09', '09:59').toISOString() })]);
  });
});

describe('commands on a booking that does not exist', () => {
  it('answer NOT_FOUND', () => {
    given([]).when({ type: 'confirm', actor: barber, now: DURING }).then('NOT_FOUND');
    given([])
      .when({ type: 'recordPayment', actor: system, now: DURING, data: { paymentIntentId: 'pi_1', amount: 1 } })
      .then('NOT_FOUND');
  });
});

describe('saveDetails', () => {
  const data = {
    customerPhone: ' 305-555-0100 ',
    customerAddress: '1200 Ocean Dr, Miami Beach',
    apartmentUnit: '4B',
    specialInstructions: '  ',
  };

  it("the booking's customer saves contact details while pending (normalised)", () => {
    given([created()]).when({ type: 'saveDetails', actor: customer, data }).then([details]);
    given([created(), details]).when({ type: 'saveDetails', actor: customer, data }).then([details]);
  });

  it('refuses another customer, the barber and the admin', () => {
    for (const actor of [otherCustomer, barber, admin, system])
      given([created()]).when({ type: 'saveDetails', actor, data }).then('FORBIDDEN');
  });

  it('refuses once the booking left pending', () => {
    given(historyTo.confirmed)
      .when({ type: 'saveDetails', actor: customer, data })
      .then('INVALID_TRANSITION', { currentStatus: 'confirmed' });
  });

  it('refuses empty or too long fields', () => {
    given([created()])
      .when({ type: 'saveDetails', actor: customer, data: { ...data, customerAddress: '  ' } })
      .then('VALIDATION_FAILED');
    given([created()])
      .when({ type: 'saveDetails', actor: customer, data: { ...data, customerPhone: '1'.repeat(21) } })
      .then('VALIDATION_FAILED');
  });
});

describe('confirm', () => {
  it('customer: fee collection off and details saved', () => {
    given([createdFeeOff(), details]).when({ type: 'confirm', actor: customer, now: DURING }).then([confirmed]);
  });

  it('customer: refused without saved details', () => {
    given([createdFeeOff()])
      .when({ type: 'confirm', actor: customer, now: DURING })
      .then('DETAILS_MISSING', { currentStatus: 'pending', requires: 'details' });
  });

  it('customer: refused while fee collection is on, even with details', () => {
    given([created(), details])
      .when({ type: 'confirm', actor: customer, now: DURING })
      .then('INVALID_TRANSITION', { requires: 'payment' });
  });

  it('barber: fee collection off and details saved', () => {
    given([createdFeeOff(), details]).when({ type: 'confirm', actor: barber, now: DURING }).then([confirmed]);
  });

  it('barber and admin: refused while the customer has not saved an address and phone (defect 5)', () => {
    for (const actor of [barber, admin]) {
      const error = given([createdFeeOff()])
        .when({ type: 'confirm', actor, now: DURING })
        .then('DETAILS_MISSING', { currentStatus: 'pending', requires: 'details' });
      expect((error as AppError).status).toBe(409);
      expect((error as AppError).message).toBe(
        'The customer has not saved their address and phone yet: this booking cannot be confirmed.',
      );
    }
  });

  it('the payment system confirms a paid booking whatever the barber rules say', () => {
    given([created()])
      .when({ type: 'recordPayment', actor: system, now: DURING, data: { paymentIntentId: 'pi_1', amount: 4500 } })
      .then([paid(), confirmed]);
  });

  it('barber: fee collection on and paid', () => {
    given([created(), details, paid('pi_1', 4000)])
      .when({ type: 'confirm', actor: barber, now: DURING })
      .then([confirmed]);
  });

  it('barber: refused while unpaid and fee collection on', () => {
    given([created(), details])
      .when({ type: 'confirm', actor: barber, now: DURING })
      .then('INVALID_TRANSITION', { currentStatus: 'pending', requires: 'payment' });
  });

  it('nobody confirms once the appointment has ended (the clock rule): a visit that cannot happen any more', () => {
    const end = toInstant('2025-03-09', '10:45');
    for (const actor of [customer, barber, admin]) {
      given([createdFeeOff(), details])
        .when({ type: 'confirm', actor, now: new Date(end.getTime() - 1) })
        .then([confirmed]);
      const error = given([createdFeeOff(), details])
        .when({ type: 'confirm', actor, now: end })
        .then('TOO_LATE', { appointmentDate: '2025-03-09', endTime: '10:45' });
      expect((error as AppError).message).toBe('This appointment has already ended: it can no longer be confirmed.');
    }
  });

  it('admin acts like the barber', () => {
    given([createdFeeOff(), details]).when({ type: 'confirm', actor: admin, now: DURING }).then([confirmed]);
    given([created(), details]).when({ type: 'confirm', actor: admin, now: DURING }).then('INVALID_TRANSITION');
  });

  it('refuses another customer, another barber and the system', () => {
    for (const actor of [otherCustomer, otherBarber, system])
      given([createdFeeOff(), details]).when({ type: 'confirm', actor, now: DURING }).then('FORBIDDEN');
  });

  it('refuses every status but pending, naming it', () => {
    for (const status of BOOKING_STATUSES.filter((s) => s !== 'pending')) {
      const error = given(historyTo[status])
        .when({ type: 'confirm', actor: barber, now: DURING })
        .then('INVALID_TRANSITION', { currentStatus: status }) as AppError;
      expect(error.message).toBe(`Cannot confirm a booking that is ${ADMIN_BOOKING_STATUS_LABELS[status]}`);
    }
  });
});

describe('recordPayment', () => {
  const pay = (paymentIntentId = 'pi_1', amount = 4500): BookingCommand => ({
    type: 'recordPayment',
    actor: system,
    now: DURING,
    data: { paymentIntentId, amount },
  });

  it('a pending booking paid in full becomes paid then confirmed', () => {
    given([created(), details]).when(pay()).then([paid(), confirmed]);
    given([created()]).when(pay()).then([paid(), confirmed]);
  });

  it('is idempotent for the same payment intent', () => {
    given([created(), details, paid(), confirmed]).when(pay()).then([]);
    given(historyTo.completed).when(pay()).then([]);
  });

  it('refuses a second, different payment', () => {
    given([created(), details, paid(), confirmed]).when(pay('pi_2')).then('CONFLICT');
  });

  it('records a late payment on a cancelled booking without confirming it', () => {
    given([created(), details, cancelled('Cancelled by customer', 'customer')])
      .when(pay())
      .then([paid()]);
  });

  it('a payment that arrives after the appointment ended is recorded and expires the checkout (refunded), never confirms', () => {
    const end = toInstant('2025-03-09', '10:45');
    given([created(), details])
      .when({ ...pay(), now: end } as BookingCommand)
      .then([paid(), { type: 'expired', data: {} }]);
    const state = fold([created(), details, paid(), { type: 'expired', data: {} }]) as CreatedBooking;
    expect(state).toMatchObject({ status: 'cancelled', paid: true, refunded: false });
    given([created(), details])
      .when({ ...pay(), now: new Date(end.getTime() - 1) } as BookingCommand)
      .then([paid(), confirmed]);
  });

  it('records a short payment without confirming', () => {
    given([created(), details])
      .when(pay('pi_1', 4000))
      .then([paid('pi_1', 4000)]);
  });

  it('only the system records payments', () => {
    for (const actor of [customer, barber, admin])
      given([created(), details])
        .when({ ...pay(), actor })
        .then('FORBIDDEN');
  });
});

describe('recordPaymentFailure', () => {
  const fail: BookingCommand = {
    type: 'recordPaymentFailure',
    actor: system,
    data: { paymentIntentId: 'pi_0', message: 'Your card was declined.' },
  };

  it('records a failure on a pending unpaid booking', () => {
    given([created(), details])
      .when(fail)
      .then([{ type: 'paymentFailed', data: { paymentIntentId: 'pi_0', message: 'Your card was declined.' } }]);
  });

  it('ignores a stale failure after payment or cancellation', () => {
    given([created(), details, paid(), confirmed]).when(fail).then([]);
    given([created(), cancelled('Cancelled by customer', 'customer')])
      .when(fail)
      .then([]);
  });

  it('only the system records failures', () => {
    given([created()])
      .when({ ...fail, actor: customer })
      .then('FORBIDDEN');
  });
});

describe('barber progress transitions (docs/design.md §3 table)', () => {
  for (const [type, rule] of Object.entries(progress) as [ProgressCommand, (typeof progress)[ProgressCommand]][]) {
    describe(type, () => {
      for (const from of rule.from) {
        it(`barber: ${from} -> ${rule.event.type}`, () => {
          given(historyTo[from]).when({ type, actor: barber, now: DURING }).then([rule.event]);
        });
        it(`admin: ${from} -> ${rule.event.type}`, () => {
          given(historyTo[from]).when({ type, actor: admin, now: DURING }).then([rule.event]);
        });
      }

      for (const from of BOOKING_STATUSES.filter((s) => !rule.from.includes(s))) {
        it(`refused from ${from}`, () => {
          const error = given(historyTo[from])
            .when({ type, actor: barber, now: DURING })
            .then('INVALID_TRANSITION', { currentStatus: from }) as AppError;
          expect(error.message).toBe(`Cannot ${rule.label} a booking that is ${ADMIN_BOOKING_STATUS_LABELS[from]}`);
          expect(error.status).toBe(409);
        });
      }

      it('refused for another barber, the customer and the system', () => {
        const from = rule.from[0] as BookingStatus;
        for (const actor of [otherBarber, customer, otherCustomer, system])
          given(historyTo[from]).when({ type, actor, now: DURING }).then('FORBIDDEN');
      });
    });
  }

  it('the message names the current status', () => {
    const error = given(historyTo.completed)
      .when({ type: 'markArrived', actor: barber, now: DURING })
      .then('INVALID_TRANSITION');
    expect((error as AppError).message).toBe('Cannot mark as arrived a booking that is Completed');
  });

  it('a stranger is refused before the status is revealed', () => {
    given(historyTo.completed).when({ type: 'markArrived', actor: otherBarber, now: DURING }).then('FORBIDDEN');
  });
});

describe('cancel', () => {
  const cancel = (actor: BookingActor, reason?: string | null, now = TWO_DAYS_BEFORE): BookingCommand => ({
    type: 'cancel',
    actor,
    now,
    data: { reason },
    cancellationWindowHours: 24,
  });

  for (const from of ['pending', 'confirmed'] as const) {
    it(`customer cancels from ${from}; the reason is always "Cancelled by customer"`, () => {
      given(historyTo[from])
        .when(cancel(customer, 'I changed my mind'))
        .then([cancelled('Cancelled by customer', 'customer')]);
      given(historyTo[from])
        .when(cancel(customer))
        .then([cancelled('Cancelled by customer', 'customer')]);
    });
  }

  it('a customer who has become a barber (of another profile) still cancels their own booking as its customer', () => {
    const nowBarber: BookingActor = { userId: customer.userId, role: 'barber', barberId: 7 };
    given(historyTo.confirmed)
      .when(cancel(nowBarber))
      .then([cancelled('Cancelled by customer', 'customer')]);
    given(historyTo.confirmed)
      .when(cancel({ ...nowBarber, userId: otherCustomer.userId }))
      .then('FORBIDDEN');
  });

  for (const from of ['en_route', 'arrived', 'in_progress', 'completed', 'cancelled', 'no_show'] as const) {
    it(`customer is refused from ${from}`, () => {
      given(historyTo[from]).when(cancel(customer)).then('INVALID_TRANSITION', { currentStatus: from });
    });
  }

  for (const from of ['pending', 'confirmed', 'en_route', 'arrived'] as const) {
    it(`barber and admin cancel from ${from} with a reason`, () => {
      given(historyTo[from])
        .when(cancel(barber, '  Car broke down '))
        .then([cancelled('Car broke down', 'barber')]);
      given(historyTo[from])
        .when(cancel(admin, 'Fraud'))
        .then([cancelled('Fraud', 'admin')]);
    });
  }

  for (const from of ['in_progress', 'completed', 'cancelled', 'no_show'] as const) {
    it(`barber is refused from ${from}`, () => {
      given(historyTo[from]).when(cancel(barber, 'Late')).then('INVALID_TRANSITION', { currentStatus: from });
    });
  }

  it('barber and admin must give a non-empty reason', () => {
    for (const reason of [undefined, null, '', '   '])
      for (const actor of [barber, admin])
        given(historyTo.confirmed).when(cancel(actor, reason)).then('VALIDATION_FAILED');
  });

  it('refuses another customer, another barber and the system', () => {
    for (const actor of [otherCustomer, otherBarber, system])
      given(historyTo.confirmed).when(cancel(actor, 'x')).then('FORBIDDEN');
  });
});

describe('reschedule', () => {
  const to = { date: '2025-03-11', startTime: '14:00', endTime: '14:45' };
  const BEFORE = new Date('2025-03-01T12:00:00Z');
  const reschedule = (actor: BookingActor, data = to, now = BEFORE): BookingCommand => ({
    type: 'reschedule',
    actor,
    data,
    now,
  });

  it('refuses a new time that is not ahead (14:00 New York on Mar 11 is 18:00 UTC)', () => {
    given(historyTo.confirmed)
      .when(reschedule(barber, to, new Date('2025-03-11T18:00:00Z')))
      .then('VALIDATION_FAILED', { field: 'date' });
    given(historyTo.confirmed)
      .when(reschedule(barber, to, new Date('2025-03-11T17:59:00Z')))
      .then([{ type: 'rescheduled', data: to }]);
  });

  for (const from of ['pending', 'confirmed', 'en_route', 'arrived'] as const) {
    it(`barber and admin reschedule from ${from}`, () => {
      // the event says when it calls off a visit under way, so that its push names the status it set
      const data = from === 'en_route' || from === 'arrived' ? { ...to, visitCalledOff: true as const } : to;
      given(historyTo[from])
        .when(reschedule(barber))
        .then([{ type: 'rescheduled', data }]);
      given(historyTo[from])
        .when(reschedule(admin))
        .then([{ type: 'rescheduled', data }]);
    });
  }

  for (const from of ['en_route', 'arrived'] as const) {
    it(`from ${from} calls the visit off: confirmed for the new time, no arrival time, reminded again`, () => {
      const said = fold([...historyTo[from], { type: 'rescheduled', data: { ...to, visitCalledOff: true } }]);
      expect(said).toMatchObject({ ...to, status: 'confirmed', etaAt: null, etaToldAt: null });
      expect(said).not.toHaveProperty('visitCalledOff');
      // an event recorded before it was said: the state before it tells the same
      const older = fold([...historyTo[from], { type: 'rescheduled', data: to }]) as CreatedBooking;
      expect(older).toMatchObject({ ...to, status: 'confirmed', etaAt: null, etaToldAt: null });
    });
  }

  it('keeps the status of a pending or confirmed booking', () => {
    for (const from of ['pending', 'confirmed'] as const)
      expect((fold([...historyTo[from], { type: 'rescheduled', data: to }]) as CreatedBooking).status).toBe(from);
  });

  for (const from of ['in_progress', 'completed', 'cancelled', 'no_show'] as const) {
    it(`refused from ${from}`, () => {
      given(historyTo[from]).when(reschedule(barber)).then('INVALID_TRANSITION', { currentStatus: from });
    });
  }

  it('an unchanged date and time is a no-op', () => {
    given(historyTo.confirmed)
      .when(reschedule(barber, { date: '2025-03-09', startTime: '10:00', endTime: '10:45' }))
      .then([]);
  });

  it('refuses bad times', () => {
    given(historyTo.confirmed)
      .when(reschedule(barber, { ...to, endTime: '13:00' }))
      .then('VALIDATION_FAILED');
    given(historyTo.confirmed)
      .when(reschedule(barber, { ...to, date: '03/11/2025' }))
      .then('VALIDATION_FAILED');
  });

  it('refuses the customer and other barbers', () => {
    for (const actor of [customer, otherBarber, system])
      given(historyTo.confirmed).when(reschedule(actor)).then('FORBIDDEN');
  });

  it('keeps the duration of the service booked (defect 6: a 2-hour window on a 45-minute booking)', () => {
    given(historyTo.confirmed)
      .when(reschedule(barber, { date: '2025-03-11', startTime: '10:00', endTime: '12:00' }))
      .then('VALIDATION_FAILED', { field: 'endTime', durationMinutes: 45 });
    given(historyTo.confirmed)
      .when(reschedule(barber, { date: '2025-03-11', startTime: '10:00', endTime: '10:30' }))
      .then('VALIDATION_FAILED', { durationMinutes: 45 });
  });
});

describe('updateNotes', () => {
  const notes = (actor: BookingActor, barberNotes: string | null, estimatedTravelTime: number | null) =>
    ({ type: 'updateNotes', actor, data: { barberNotes, estimatedTravelTime } }) as BookingCommand;

  for (const status of BOOKING_STATUSES) {
    it(`barber updates notes in ${status}`, () => {
      given(historyTo[status])
        .when(notes(barber, 'Bring clippers', 20))
        .then([{ type: 'notesUpdated', data: { barberNotes: 'Bring clippers', estimatedTravelTime: 20 } }]);
    });
  }

  it('admin too; blank notes become null; unchanged is a no-op', () => {
    given(historyTo.confirmed)
      .when(notes(admin, '  ', 0))
      .then([{ type: 'notesUpdated', data: { barberNotes: null, estimatedTravelTime: 0 } }]);
    given(historyTo.confirmed)
      .when(notes(barber, null, null))
      .then([]);
  });

  it('refuses travel time outside 0-180', () => {
    given(historyTo.confirmed)
      .when(notes(barber, null, 181))
      .then('VALIDATION_FAILED');
    given(historyTo.confirmed)
      .when(notes(barber, null, -5))
      .then('VALIDATION_FAILED');
  });

  it('refuses the customer and other barbers', () => {
    for (const actor of [customer, otherBarber])
      given(historyTo.confirmed)
        .when(notes(actor, 'x', 5))
        .then('FORBIDDEN');
  });
});

describe('recordRefund', () => {
  const refund = (refundId = 're_1', amount = 4500): BookingCommand => ({
    type: 'recordRefund',
    actor: system,
    data: { refundId, amount },
  });
  const refunded: BookingEvent = { type: 'refunded', data: { refundId: 're_1', amount: 4500 } };

  it('refunds a cancelled paid booking', () => {
    given(historyTo.cancelled).when(refund()).then([refunded]);
  });

  it('once: the same refund is a no-op, another is refused', () => {
    given([...historyTo.cancelled, refunded])
      .when(refund())
      .then([]);
    given([...historyTo.cancelled, refunded])
      .when(refund('re_2'))
      .then('INVALID_TRANSITION');
  });

  it('refuses an unpaid cancelled booking', () => {
    given([createdFeeOff(), cancelled('Cancelled by customer', 'customer')])
      .when(refund())
      .then('INVALID_TRANSITION', { currentStatus: 'cancelled' });
  });

  it('refuses to make a refund of a booking that is not cancelled', () => {
    for (const status of BOOKING_STATUSES.filter((s) => s !== 'cancelled'))
      given(historyTo[status]).when(refund()).then('INVALID_TRANSITION', { currentStatus: status });
  });

  it('refuses more than was paid', () => {
    given(historyTo.cancelled).when(refund('re_1', 5000)).then('VALIDATION_FAILED');
  });

  describe("a partial refund (made in Stripe's dashboard)", () => {
    const partial: BookingEvent = { type: 'refunded', data: { refundId: 're_dash', amount: 1000 } };
    const seen = (totalRefunded: number, refundId = 'ch_1-refund'): BookingCommand => ({
      type: 'recordRefund',
      actor: system,
      data: { refundId, totalRefunded },
    });

    it("is recorded from the webhook as what the charge's total adds, and leaves the rest owed", () => {
      given(historyTo.cancelled).when(seen(1000, 're_dash')).then([partial]);
      const state = fold([...historyTo.cancelled, partial]);
      expect(state).toMatchObject({ refunded: false, refundedAmount: 1000 });
    });

    it('is recorded in any status of a paid booking: a completed one refunded in the dashboard is refunded', () => {
      for (const status of ['confirmed', 'in_progress', 'completed'] as const) {
        given(historyTo[status])
          .when(seen(4500, 're_dash'))
          .then([{ type: 'refunded', data: { refundId: 're_dash', amount: 4500 } }]);
      }
      expect(
        fold([...historyTo.completed, { type: 'refunded', data: { refundId: 're_dash', amount: 4500 } }]),
      ).toMatchObject({ status: 'completed', refunded: true });
      given([createdFeeOff()]).when(seen(1000)).then('INVALID_TRANSITION');
    });

    it('one Stripe lists, seen with its own amount, is recorded in any status of a paid booking, once', () => {
      const listed: BookingCommand = {
        type: 'recordRefund',
        actor: system,
        data: { refundId: 're_dash', amount: 1000, seenAtStripe: true },
      };
      for (const status of ['confirmed', 'completed', 'cancelled'] as const)
        given(historyTo[status]).when(listed).then([partial]);
      given([...historyTo.confirmed, partial])
        .when(listed)
        .then([]);
      given([createdFeeOff()]).when(listed).then('INVALID_TRANSITION');
    });

    it('one made before our refund of everything left, its webhook late, is recorded after it: what fits', () => {
      const everythingLeft: BookingEvent = {
        type: 'refunded',
        data: { refundId: 're_job', amount: 3500, complete: true },
      };
      const seenLate = (amount: number): BookingCommand => ({
        type: 'recordRefund',
        actor: system,
        data: { refundId: 're_dash', amount, seenAtStripe: true },
      });
      given([...historyTo.cancelled, everythingLeft])
        .when(seenLate(1000))
        .then([partial]);
      given([...historyTo.cancelled, everythingLeft])
        .when(seenLate(1500))
        .then('VALIDATION_FAILED');
      given([...historyTo.cancelled, everythingLeft])
        .when(refund('re_2', 1000))
        .then('INVALID_TRANSITION');
    });

    it('a webhook total already recorded adds nothing', () => {
      given([...historyTo.cancelled, partial])
        .when(seen(1000))
        .then([]);
    });

    it('the rest, seen in the webhook, completes it', () => {
      given([...historyTo.cancelled, partial])
        .when(seen(4500))
        .then([{ type: 'refunded', data: { refundId: 'ch_1-refund', amount: 3500 } }]);
      expect(
        fold([...historyTo.cancelled, partial, { type: 'refunded', data: { refundId: 're_2', amount: 3500 } }]),
      ).toMatchObject({ refunded: true, refundedAmount: 4500 });
    });

    it("the refund job's refund of everything left completes it", () => {
      const rest: BookingCommand = {
        type: 'recordRefund',
        actor: system,
        data: { refundId: 're_job', amount: 3500, complete: true },
      };
      const restRefunded: BookingEvent = {
        type: 'refunded',
        data: { refundId: 're_job', amount: 3500, complete: true },
      };
      given([...historyTo.cancelled, partial])
        .when(rest)
        .then([restRefunded]);
      expect(fold([...historyTo.cancelled, partial, restRefunded])).toMatchObject({ refunded: true });
    });

    it('refuses a rest larger than what is left', () => {
      given([...historyTo.cancelled, partial])
        .when(refund('re_2', 4000))
        .then('VALIDATION_FAILED');
    });
  });

  it('only the system records refunds', () => {
    for (const actor of [customer, barber, admin])
      given(historyTo.cancelled)
        .when({ ...refund(), actor })
        .then('FORBIDDEN');
  });
});

describe('recordRefundFailure: a refund Stripe could not complete', () => {
  const refunded: BookingEvent = { type: 'refunded', data: { refundId: 're_1', amount: 4500 } };
  const fail = (refundId = 're_1'): BookingCommand => ({
    type: 'recordRefundFailure',
    actor: system,
    data: { refundId, reason: 'expired_or_canceled_card' },
  });
  const failed = (amount: number, refundId = 're_1'): BookingEvent => ({
    type: 'refundFailed',
    data: { refundId, amount, reason: 'expired_or_canceled_card' },
  });

  it('takes back what the refund had counted as given back: the booking owes it again', () => {
    given([...historyTo.cancelled, refunded])
      .when(fail())
      .then([failed(4500)]);
    const state = fold([...historyTo.cancelled, refunded, failed(4500)]) as CreatedBooking;
    expect(state).toMatchObject({ status: 'cancelled', paid: true, refunded: false, refundedAmount: 0 });
  });

  it('is recorded once, and a refund never recorded counts nothing', () => {
    given([...historyTo.cancelled, refunded, failed(4500)])
      .when(fail())
      .then([]);
    given(historyTo.cancelled)
      .when(fail('re_unknown'))
      .then([failed(0, 're_unknown')]);
  });

  it('after a failure, a new refund is recorded again', () => {
    given([...historyTo.cancelled, refunded, failed(4500)])
      .when({ type: 'recordRefund', actor: system, data: { refundId: 're_2', amount: 4500, complete: true } })
      .then([{ type: 'refunded', data: { refundId: 're_2', amount: 4500, complete: true } }]);
  });

  it("a webhook's total naming a refund recorded before another, or one reported failed, adds nothing", () => {
    const seen = (refundId: string, totalRefunded: number): BookingCommand => ({
      type: 'recordRefund',
      actor: system,
      data: { refundId, totalRefunded },
    });
    const first: BookingEvent = { type: 'refunded', data: { refundId: 're_a', amount: 1000 } };
    const second: BookingEvent = { type: 'refunded', data: { refundId: 're_b', amount: 500 } };
    given([...historyTo.completed, first, second])
      .when(seen('re_a', 2000))
      .then([]);
    given([...historyTo.completed, first, failed(1000, 're_a')])
      .when(seen('re_a', 1000))
      .then([]);
  });

  it('a refund already known to have failed is never recorded as made (its job, run again, replays it)', () => {
    // the job crashed before recording re_1; Stripe's refund.failed for it was applied first
    given([...historyTo.cancelled, failed(0)])
      .when({ type: 'recordRefund', actor: system, data: { refundId: 're_1', amount: 4500, complete: true } })
      .then([]);
  });

  it('only the system records it', () => {
    for (const actor of [customer, barber, admin])
      given([...historyTo.cancelled, refunded])
        .when({ ...fail(), actor })
        .then('FORBIDDEN');
  });
});

describe('recordRefundSuccess: a refund answered pending goes through at the bank', () => {
  const pendingRefund: BookingEvent = { type: 'refunded', data: { refundId: 're_1', amount: 4500, pending: true } };
  const succeed = (refundId = 're_1'): BookingCommand => ({
    type: 'recordRefundSuccess',
    actor: system,
    data: { refundId },
  });
  const succeeded: BookingEvent = { type: 'refundSucceeded', data: { refundId: 're_1' } };

  it('a refund Stripe answered pending is recorded so, and counts as given back already', () => {
    given(historyTo.cancelled)
      .when({
        type: 'recordRefund',
        actor: system,
        data: { refundId: 're_1', amount: 4500, complete: true, pending: true },
      })
      .then([{ type: 'refunded', data: { refundId: 're_1', amount: 4500, complete: true, pending: true } }]);
    expect(fold([...historyTo.cancelled, pendingRefund])).toMatchObject({
      refunded: true,
      refunds: [{ id: 're_1', amount: 4500, retry: false, settled: false }],
    });
  });

  it('records the success of a pending refund once', () => {
    given([...historyTo.cancelled, pendingRefund])
      .when(succeed())
      .then([succeeded]);
    expect(fold([...historyTo.cancelled, pendingRefund, succeeded])).toMatchObject({
      refunded: true,
      refunds: [{ id: 're_1', amount: 4500, retry: false, settled: true }],
    });
    given([...historyTo.cancelled, pendingRefund, succeeded])
      .when(succeed())
      .then([]);
  });

  it('a refund that retries a failed one is settled only by its success, even one Stripe answered succeeded', () => {
    const failed: BookingEvent = {
      type: 'refundFailed',
      data: { refundId: 're_1', amount: 4500, reason: 'expired_or_canceled_card' },
    };
    const retried: BookingEvent = { type: 'refunded', data: { refundId: 're_2', amount: 4500, complete: true } };
    const history = [...historyTo.cancelled, pendingRefund, failed, retried];
    expect(fold(history)).toMatchObject({
      refunded: true,
      refunds: [{ id: 're_2', amount: 4500, retry: true, settled: false }],
    });
    given(history)
      .when(succeed('re_2'))
      .then([{ type: 'refundSucceeded', data: { refundId: 're_2' } }]);
  });

  it('records nothing for a refund answered succeeded at once, one never recorded, or one that failed', () => {
    given([...historyTo.cancelled, { type: 'refunded', data: { refundId: 're_1', amount: 4500 } }])
      .when(succeed())
      .then([]);
    given(historyTo.cancelled).when(succeed('re_unknown')).then([]);
    const failed: BookingEvent = {
      type: 'refundFailed',
      data: { refundId: 're_1', amount: 4500, reason: 'expired_or_canceled_card' },
    };
    given([...historyTo.cancelled, pendingRefund, failed])
      .when(succeed())
      .then([]);
  });

  it('only the system records it', () => {
    for (const actor of [customer, barber, admin])
      given([...historyTo.cancelled, pendingRefund])
        .when({ ...succeed(), actor })
        .then('FORBIDDEN');
  });
});

describe('commandForStatus', () => {
  it('maps every target status to its command', () => {
    expect(commandForStatus('confirmed', barber, statusContext)).toEqual({
      type: 'confirm',
      actor: barber,
      now: DURING,
    });
    expect(commandForStatus('en_route', barber, statusContext)).toEqual({
      type: 'markEnRoute',
      actor: barber,
      now: DURING,
    });
    expect(commandForStatus('arrived', barber, statusContext).type).toBe('markArrived');
    expect(commandForStatus('in_progress', barber, statusContext).type).toBe('start');
    expect(commandForStatus('completed', barber, statusContext).type).toBe('complete');
    expect(commandForStatus('no_show', barber, statusContext).type).toBe('markNoShow');
    expect(commandForStatus('cancelled', barber, { ...statusContext, reason: 'Rain' })).toEqual({
      type: 'cancel',
      actor: barber,
      now: DURING,
      data: { reason: 'Rain' },
      cancellationWindowHours: 24,
    });
  });

  it('refuses pending as a target', () => {
    expect(() => commandForStatus('pending', barber, statusContext)).toThrowError(AppError);
  });

  it('drives the decider end to end: a whole appointment through the barber screen', () => {
    let events: BookingEvent[] = [created(), details, paid(), confirmed];
    for (const status of ['en_route', 'arrived', 'in_progress', 'completed'] as const) {
      events = [...events, ...decide(commandForStatus(status, barber, statusContext), fold(events))];
    }
    expect((fold(events) as CreatedBooking).status).toBe('completed');
  });

  it('canDecide tells whether a command would be accepted', () => {
    expect(canDecide(commandForStatus('en_route', barber, statusContext), fold(historyTo.confirmed))).toBe(true);
    expect(canDecide(commandForStatus('en_route', barber, statusContext), fold(historyTo.arrived))).toBe(false);
  });
});

/* ---------- the clock (docs/design.md §3; issue 9 defects 4, 8 and 3) ---------- */

/** A New York wall-clock instant, "yyyy-MM-dd HH:mm". */
const at = (wall: string): Date => toInstant(wall.slice(0, 10), wall.slice(11));

describe('time rules: en route and arrived only on the appointment day, in progress from an hour before, until a day after it ended', () => {
  // The fixture appointment: 2025-03-09 10:00-10:45 (the day daylight time starts).
  const steps = [
    { type: 'markEnRoute', from: 'confirmed', event: enRoute },
    { type: 'markArrived', from: 'en_route', event: arrived },
    { type: 'start', from: 'arrived', event: started },
  ] as const;
  const table: [string, Expectation][] = [
    ['2025-03-07 10:00', 'TOO_EARLY'],
    ['2025-03-08 23:59', 'TOO_EARLY'],
    ['2025-03-09 00:00', []],
    ['2025-03-09 08:59', []],
    ['2025-03-09 09:00', []],
    ['2025-03-09 10:44', []],
    ['2025-03-10 10:45', []],
    ['2025-03-10 10:46', 'TOO_LATE'],
    ['2025-03-20 10:00', 'TOO_LATE'],
  ];
  // a service starts from an hour before its time, not from midnight: a mis-tap in the morning could not be undone
  const startTooEarly = new Set(['2025-03-09 00:00', '2025-03-09 08:59']);
  for (const step of steps) {
    for (const [wall, onTheDay] of table) {
      const expected: Expectation = step.type === 'start' && startTooEarly.has(wall) ? 'TOO_EARLY' : onTheDay;
      it(`${step.type} from ${step.from} at ${wall}: ${typeof expected === 'string' ? expected : 'accepted'}`, () => {
        given(historyTo[step.from])
          .when({ type: step.type, actor: barber, now: at(wall) })
          .then(
            typeof expected === 'string' ? expected : [step.type === 'markEnRoute' ? enRouteAt(at(wall)) : step.event],
          );
      });
    }
  }

  it('judges the day in New York, not in UTC: 22:00 the evening before is 03:00Z on the day', () => {
    const eveningBefore = new Date('2025-03-09T03:00:00Z');
    given(historyTo.confirmed).when({ type: 'markEnRoute', actor: barber, now: eveningBefore }).then('TOO_EARLY');
  });

  it('the refusal is a 409 whose message names the day', () => {
    const error = given(historyTo.confirmed)
      .when({ type: 'markEnRoute', actor: admin, now: at('2025-03-07 10:00') })
      .then('TOO_EARLY', { appointmentDate: '2025-03-09' }) as AppError;
    expect(error.status).toBe(409);
    expect(error.message).toBe('This appointment is on Mar 9: it can be marked as en route only on that day.');
    const late = given(historyTo.arrived)
      .when({ type: 'start', actor: barber, now: at('2025-03-11 10:00') })
      .then('TOO_LATE') as AppError;
    expect(late.message).toBe('This appointment ended more than a day ago: it can no longer be started.');
  });

  it('the status is checked before the clock: a wrong status is still INVALID_TRANSITION', () => {
    given(historyTo.completed)
      .when({ type: 'markEnRoute', actor: barber, now: at('2025-03-01 10:00') })
      .then('INVALID_TRANSITION');
  });
});

describe('time rules: completed and no-show only from the start', () => {
  const table: [string, Expectation][] = [
    ['2025-03-08 10:00', 'TOO_EARLY'],
    ['2025-03-09 09:59', 'TOO_EARLY'],
    ['2025-03-09 10:00', []],
    ['2025-03-09 18:00', []],
    ['2025-03-30 10:00', []],
  ];
  for (const [wall, expected] of table) {
    it(`complete at ${wall}`, () => {
      given(historyTo.in_progress)
        .when({ type: 'complete', actor: barber, now: at(wall) })
        .then(typeof expected === 'string' ? expected : [completed]);
    });
    it(`no-show at ${wall}`, () => {
      given(historyTo.confirmed)
        .when({ type: 'markNoShow', actor: barber, now: at(wall) })
        .then(typeof expected === 'string' ? expected : [noShow]);
    });
  }

  it('the reported case: on Nov 22, a Nov 26 no-show, a Nov 24 completion and a Nov 29 start are refused', () => {
    const now = at('2025-11-22 12:00');
    const on = (date: string, extra: BookingEvent[]) => [created({ date }), details, paid(), confirmed, ...extra];
    const noShowError = given(on('2025-11-26', []))
      .when({ type: 'markNoShow', actor: barber, now })
      .then('TOO_EARLY') as AppError;
    expect(noShowError.message).toBe(
      'This appointment starts on Nov 26 at 10:00 AM: it can be marked as a no-show only from then.',
    );
    given(on('2025-11-24', [enRoute, arrived, started]))
      .when({ type: 'complete', actor: barber, now })
      .then('TOO_EARLY');
    given(on('2025-11-29', [])).when({ type: 'start', actor: barber, now }).then('TOO_EARLY');
  });
});

describe('time rules: the customer cancels until cancellationWindow hours before the start', () => {
  const start = toInstant('2025-03-09', '10:00').getTime();
  const hours = (n: number) => n * 3_600_000;
  const cancelAt = (
    now: Date,
    actor: BookingActor = customer,
    windowHours = 24,
    reason: string | null = null,
  ): BookingCommand => ({
    type: 'cancel',
    actor,
    now,
    data: { reason },
    cancellationWindowHours: windowHours,
  });
  const byCustomer = [cancelled('Cancelled by customer', 'customer')];

  const table: [string, number, number, Expectation][] = [
    ['48 h before, window 24', 48, 24, byCustomer],
    ['exactly 24 h before, window 24', 24, 24, byCustomer],
    ['23 h 59 before, window 24', 24 - 1 / 60, 24, 'CANCELLATION_WINDOW_PASSED'],
    ['1 h before, window 24', 1, 24, 'CANCELLATION_WINDOW_PASSED'],
    ['after the start, window 24', -1, 24, 'CANCELLATION_WINDOW_PASSED'],
    ['2 h before, window 1', 2, 1, byCustomer],
    ['30 min before, window 1', 0.5, 1, 'CANCELLATION_WINDOW_PASSED'],
    ['71 h before, window 72', 71, 72, 'CANCELLATION_WINDOW_PASSED'],
  ];
  for (const [name, before, windowHours, expected] of table) {
    it(`confirmed, ${name}`, () => {
      given(historyTo.confirmed)
        .when(cancelAt(new Date(start - hours(before)), customer, windowHours))
        .then(expected);
    });
  }

  it('the window is measured in real hours across the daylight-time change (23 wall-clock hours before is too late)', () => {
    given(historyTo.confirmed)
      .when(cancelAt(at('2025-03-08 10:00')))
      .then('CANCELLATION_WINDOW_PASSED');
    given(historyTo.confirmed)
      .when(cancelAt(at('2025-03-08 09:00')))
      .then(byCustomer);
  });

  it('the refusal is a 409 naming the window', () => {
    const error = given(historyTo.confirmed)
      .when(cancelAt(new Date(start - hours(2))))
      .then('CANCELLATION_WINDOW_PASSED', { cancellationWindow: 24 }) as AppError;
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      'Bookings can be cancelled up to 24 hours before the appointment. Please contact your barber to cancel this one.',
    );
    const one = given(historyTo.confirmed)
      .when(cancelAt(new Date(start - hours(0.5)), customer, 1))
      .then('CANCELLATION_WINDOW_PASSED') as AppError;
    expect(one.message).toContain('up to 1 hour before');
  });

  it('an unpaid pending booking (an abandoned checkout) may be left at any time', () => {
    given([created()])
      .when(cancelAt(new Date(start - hours(1))))
      .then(byCustomer);
    given(historyTo.pending)
      .when(cancelAt(new Date(start + hours(1))))
      .then(byCustomer);
  });

  it('a paid pending booking follows the window', () => {
    given([created(), details, paid('pi_1', 4000)])
      .when(cancelAt(new Date(start - hours(1))))
      .then('CANCELLATION_WINDOW_PASSED');
  });

  it('barbers and admins still cancel inside the window, with a reason', () => {
    const late = new Date(start - hours(1));
    given(historyTo.confirmed)
      .when(cancelAt(late, barber, 24, 'Car broke down'))
      .then([cancelled('Car broke down', 'barber')]);
    given(historyTo.confirmed)
      .when(cancelAt(late, admin, 24, 'Customer asked by phone'))
      .then([cancelled('Customer asked by phone', 'admin')]);
    given(historyTo.confirmed)
      .when(cancelAt(late, barber, 24, null))
      .then('VALIDATION_FAILED');
  });
});

describe('expire (an abandoned checkout)', () => {
  /** The appointment was requested two days ahead; its checkout stays open 30 minutes. */
  const REQUESTED = TWO_DAYS_BEFORE;
  const expire = (actor: BookingActor = system, now = new Date(REQUESTED.getTime() + 30 * 60_000)): BookingCommand => ({
    type: 'expire',
    actor,
    now,
    pendingBookingExpiryMinutes: 30,
  });
  const expired: BookingEvent = { type: 'expired', data: {} };

  it('not before the checkout has been open pendingBookingExpiryMinutes since the request', () => {
    const requested = created({ requestedAt: REQUESTED.toISOString() });
    given([requested])
      .when(expire(system, new Date(REQUESTED.getTime() + 29 * 60_000)))
      .then('TOO_EARLY', { expiresAt: new Date(REQUESTED.getTime() + 30 * 60_000).toISOString() });
    given([requested]).when(expire()).then([expired]);
    // a booking from before the log kept the request's time: the sweeper's reading of its creation stands
    given([created()]).when(expire(system, REQUESTED)).then([expired]);
  });

  it('the system expires a pending unpaid booking, with or without details', () => {
    given([created()]).when(expire()).then([expired]);
    given(historyTo.pending).when(expire()).then([expired]);
    given([createdFeeOff()]).when(expire()).then([expired]);
  });

  it('an expired booking is cancelled with the reason "Checkout expired" and no longer holds the slot', () => {
    const state = fold([created(), expired]) as CreatedBooking;
    expect(state.status).toBe('cancelled');
    expect(state.cancellationReason).toBe('Checkout expired');
    expect(state.cancelledBy).toBeNull();
    expect(LIVE_STATUSES).not.toContain(state.status);
  });

  it('is idempotent: expiring an expired booking appends nothing', () => {
    given([created(), expired]).when(expire()).then([]);
  });

  it('refuses a paid booking and a booking that left pending otherwise', () => {
    given([created(), details, paid('pi_1', 4000)])
      .when(expire())
      .then('INVALID_TRANSITION', { currentStatus: 'pending' });
    for (const status of BOOKING_STATUSES.filter((s) => s !== 'pending'))
      given(historyTo[status]).when(expire()).then('INVALID_TRANSITION', { currentStatus: status });
  });

  it('only the system expires a booking', () => {
    for (const actor of [customer, barber, admin]) given([created()]).when(expire(actor)).then('FORBIDDEN');
  });

  it('after expiry the checkout is over: details are refused, a late payment is recorded without confirming (to be refunded)', () => {
    const gone = [created(), expired];
    given(gone)
      .when({ type: 'saveDetails', actor: customer, data: details.data as never })
      .then('INVALID_TRANSITION', { currentStatus: 'cancelled' });
    given(gone)
      .when({ type: 'recordPayment', actor: system, now: DURING, data: { paymentIntentId: 'pi_1', amount: 4500 } })
      .then([paid()]);
  });
});

describe('barberQuickActionsAt: the buttons the time rules and the details rule allow', () => {
  const base = {
    date: '2025-03-09',
    startTime: '10:00',
    endTime: '10:45',
    detailsSaved: true,
    feeCollectionEnabled: false,
    paid: false,
  };
  const labels = (status: BookingStatus, wall: string, detailsSaved = true, fees = {}) =>
    barberQuickActionsAt({ ...base, ...fees, status, detailsSaved }, at(wall)).map((a) => a.label);

  it('offers Confirm only with contact details saved', () => {
    expect(labels('pending', '2025-03-01 10:00')).toEqual(['Confirm', 'Cancel']);
    expect(labels('pending', '2025-03-01 10:00', false)).toEqual(['Cancel']);
  });

  it('offers Confirm only until the appointment ends', () => {
    expect(labels('pending', '2025-03-09 10:44')).toEqual(['Confirm', 'Cancel']);
    expect(labels('pending', '2025-03-09 10:45')).toEqual(['Cancel']);
  });

  it('offers Confirm of a booking whose fee is collected only once it is paid, as the decider allows', () => {
    expect(labels('pending', '2025-03-01 10:00', true, { feeCollectionEnabled: true })).toEqual(['Cancel']);
    expect(labels('pending', '2025-03-01 10:00', true, { feeCollectionEnabled: true, paid: true })).toEqual([
      'Confirm',
      'Cancel',
    ]);
    const unpaid = [created(), details];
    given(unpaid)
      .when({ type: 'confirm', actor: barber, now: DURING })
      .then('INVALID_TRANSITION', { requires: 'payment' });
  });

  it('offers En Route and Arrived on the day only, Start Service from an hour before, Complete from the start', () => {
    expect(labels('confirmed', '2025-03-08 10:00')).toEqual(['Cancel']);
    expect(labels('confirmed', '2025-03-09 08:00')).toEqual(['En Route', 'Cancel']);
    expect(labels('arrived', '2025-03-09 08:59')).toEqual([]);
    expect(labels('arrived', '2025-03-09 09:50')).toEqual(['Start Service']);
    expect(labels('in_progress', '2025-03-09 09:50')).toEqual([]);
    expect(labels('in_progress', '2025-03-09 10:00')).toEqual(['Complete']);
    expect(labels('confirmed', '2025-03-11 10:00')).toEqual(['Cancel']);
  });
});

/* ---------- the live arrival time (issue 13, part 1) ---------- */

describe('arrival time: En Route records it, etaUpdated moves it, Arrived clears it', () => {
  const NINE_FORTY = at('2025-03-09 09:40');
  const iso = (wall: string) => at(wall).toISOString();
  const onTheWay = [created(), details, paid(), confirmed, enRouteAt(NINE_FORTY, 20)];
  const updateEta = (addMinutes: number, now: Date, actor: BookingActor = barber): BookingCommand => ({
    type: 'updateEta',
    actor,
    now,
    data: { addMinutes },
  });
  const etaUpdated = (wall: string): BookingEvent => ({ type: 'etaUpdated', data: { etaAt: iso(wall) } });
  /** Confirmed, with the travel time the barber gave in the booking's notes. */
  const confirmedWithTravel = (minutes: number): BookingEvent[] => [
    ...historyTo.confirmed,
    { type: 'notesUpdated', data: { barberNotes: null, estimatedTravelTime: minutes } },
  ];

  it('En Route at 09:40 with the travel time the barber gave (20 min) arrives at 10:00', () => {
    const withTravel = confirmedWithTravel(20);
    given(withTravel)
      .when({ type: 'markEnRoute', actor: barber, now: NINE_FORTY })
      .then([enRouteAt(NINE_FORTY, 20)]);
    expect((fold([...withTravel, enRouteAt(NINE_FORTY, 20)]) as CreatedBooking).etaAt).toBe(iso('2025-03-09 10:00'));
  });

  it("without a travel time, En Route counts the block's travel buffer (30 min)", () => {
    given(historyTo.confirmed)
      .when({ type: 'markEnRoute', actor: barber, now: NINE_FORTY })
      .then([enRouteAt(NINE_FORTY, 30)]);
  });

  it('a travel time of 0 means arriving now', () => {
    given(confirmedWithTravel(0))
      .when({ type: 'markEnRoute', actor: barber, now: NINE_FORTY })
      .then([enRouteAt(NINE_FORTY, 0)]);
  });

  it('+10 moves the arrival time 10 minutes later', () => {
    given(onTheWay)
      .when(updateEta(10, at('2025-03-09 09:45')))
      .then([etaUpdated('2025-03-09 10:10')]);
    given(onTheWay)
      .when(updateEta(5, at('2025-03-09 09:45'), admin))
      .then([etaUpdated('2025-03-09 10:05')]);
  });

  it('once the arrival time has passed, the delay counts from now', () => {
    given(onTheWay)
      .when(updateEta(15, at('2025-03-09 10:07')))
      .then([etaUpdated('2025-03-09 10:22')]);
  });

  it('an en route recorded before arrival times existed takes a delay from now', () => {
    given(historyTo.en_route)
      .when(updateEta(5, at('2025-03-09 09:50')))
      .then([etaUpdated('2025-03-09 09:55')]);
  });

  it('only the booking barber or an admin may move it', () => {
    for (const actor of [otherBarber, customer, otherCustomer, system])
      given(onTheWay)
        .when(updateEta(5, NINE_FORTY, actor))
        .then('FORBIDDEN');
  });

  it('transition table: an arrival time moves only while en route', () => {
    for (const status of BOOKING_STATUSES.filter((s) => s !== 'en_route')) {
      const error = given(historyTo[status])
        .when(updateEta(5, DURING))
        .then('INVALID_TRANSITION', { currentStatus: status }) as AppError;
      expect(error.message).toBe(
        `Cannot update the arrival time of a booking that is ${ADMIN_BOOKING_STATUS_LABELS[status]}`,
      );
    }
  });

  it('the delay is 5 to 180 minutes in steps of 5', () => {
    for (const bad of [0, 3, 7, 12.5, 185, -5])
      given(onTheWay).when(updateEta(bad, NINE_FORTY)).then('VALIDATION_FAILED', { field: 'addMinutes' });
    given(onTheWay)
      .when(updateEta(180, NINE_FORTY))
      .then([etaUpdated('2025-03-09 13:00')]);
  });

  it('the clock rules: no later than a day after the appointment ended', () => {
    given(onTheWay)
      .when(updateEta(5, at('2025-03-10 10:46')))
      .then('TOO_LATE');
  });

  it('Arrived, and every other way out of en route, clears it', () => {
    const moved = [...onTheWay, etaUpdated('2025-03-09 10:10')];
    expect((fold(moved) as CreatedBooking).etaAt).toBe(iso('2025-03-09 10:10'));
    for (const next of [arrived, started, noShow, cancelled('Flat tyre', 'barber')]) {
      expect(fold([...moved, next])).toMatchObject({ etaAt: null, etaToldAt: null });
    }
  });

  it('the customer is told again only once it moved more than 10 minutes from what they were told', () => {
    const told = (events: BookingEvent[]) => (fold(events) as CreatedBooking).etaToldAt;
    expect(told(onTheWay)).toBe(iso('2025-03-09 10:00'));
    const plus5 = [...onTheWay, etaUpdated('2025-03-09 10:05')];
    expect(told(plus5)).toBe(iso('2025-03-09 10:00'));
    const plus10 = [...plus5, etaUpdated('2025-03-09 10:10')];
    expect(told(plus10)).toBe(iso('2025-03-09 10:00')); // exactly 10: not more than 10
    const plus15 = [...plus10, etaUpdated('2025-03-09 10:15')];
    expect(told(plus15)).toBe(iso('2025-03-09 10:15'));
    expect(told([...onTheWay, etaUpdated('2025-03-09 10:15')])).toBe(iso('2025-03-09 10:15'));
  });

  it('an etaUpdated event must carry an ISO instant', () => {
    expect(bookingEventSchema.safeParse({ type: 'etaUpdated', data: { etaAt: '10:15' } }).success).toBe(false);
    expect(bookingEventSchema.safeParse({ type: 'etaUpdated', data: {} }).success).toBe(false);
    expect(bookingEventSchema.safeParse({ type: 'enRoute', data: { etaAt: 'soon' } }).success).toBe(false);
  });
});
