import {
  defaultNotificationPreferences,
  evolve,
  initialState,
  type BookingEvent,
  type CreatedBooking,
} from '@barber/shared';
import { describe, expect, it } from 'vitest';
import { emailText, wantsEmail } from './dispatch';
import { formatTime, formatWhen, noticesFor, reminderNotices } from './messages';
import { preferencesOf } from './people';

const created: BookingEvent = {
  type: 'created',
  data: {
    bookingId: '11111111-1111-4111-8111-111111111111',
    customerId: 7,
    barberId: 3,
    serviceId: 5,
    date: '2026-03-13',
    startTime: '13:30',
    endTime: '14:00',
    durationMinutes: 30,
    travelBuffer: 30,
    totalAmount: 3500,
    platformFee: 350,
    barberAmount: 3150,
    feeCollectionEnabled: true,
    city: 'miami',
    displayCity: 'Miami Beach',
    zipcode: '33139',
    notes: '',
  },
};
const people = { customerName: 'Ana Diaz', barberName: 'Marcus Lee', serviceName: 'Fade' };
const stateAfter = (...events: BookingEvent[]) => [created, ...events].reduce(evolve, initialState()) as CreatedBooking;

describe('message texts', () => {
  it('write dates and times for people, in the stored New York wall clock', () => {
    expect(formatTime('00:05')).toBe('12:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('13:30')).toBe('1:30 PM');
    expect(formatWhen('2026-03-13', '13:30')).toBe('Friday, March 13 at 1:30 PM');
    expect(formatWhen('2026-11-01', '01:30')).toBe('Sunday, November 1 at 1:30 AM');
  });

  it('tell the barber of a new booking and both sides of a confirmation', () => {
    expect(noticesFor(created, stateAfter(), people)).toEqual([
      {
        to: 'barber',
        kind: 'booking_created',
        category: 'booking',
        title: 'New booking request',
        body: 'Ana Diaz requested a Fade on Friday, March 13 at 1:30 PM.',
      },
    ]);
    // "an" before a name barbers chose that starts with a vowel
    expect(noticesFor(created, stateAfter(), { ...people, serviceName: 'Edge Up' })[0]!.body).toBe(
      'Ana Diaz requested an Edge Up on Friday, March 13 at 1:30 PM.',
    );
    const confirmed: BookingEvent = { type: 'confirmed', data: {} };
    expect(noticesFor(confirmed, stateAfter(confirmed), people).map((n) => [n.to, n.title, n.body])).toEqual([
      ['customer', 'Booking confirmed', 'Your Fade with Marcus Lee on Friday, March 13 at 1:30 PM is confirmed.'],
      ['barber', 'Booking confirmed', "Ana Diaz's Fade on Friday, March 13 at 1:30 PM is confirmed."],
    ]);
  });

  it('say who cancelled and why, and promise the refund of a paid booking', () => {
    const paid: BookingEvent = { type: 'paid', data: { paymentIntentId: 'pi_1', amount: 3500 } };
    const byBarber: BookingEvent = { type: 'cancelled', data: { reason: 'Car trouble', by: 'barber' } };
    const notices = noticesFor(byBarber, stateAfter(paid, { type: 'confirmed', data: {} }, byBarber), people);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      to: 'customer',
      category: 'cancellation',
      body: 'Marcus Lee cancelled your Fade on Friday, March 13 at 1:30 PM. Reason: Car trouble. Your payment will be refunded in full.',
    });
    const byCustomer: BookingEvent = { type: 'cancelled', data: { reason: 'Cancelled by customer', by: 'customer' } };
    expect(noticesFor(byCustomer, stateAfter(byCustomer), people).map((n) => n.body)).toEqual([
      'Your Fade with Marcus Lee on Friday, March 13 at 1:30 PM has been cancelled.',
      'Ana Diaz cancelled their Fade on Friday, March 13 at 1:30 PM.',
    ]);
  });

  it('announce the barber on the way with the travel time, failed payments and refunds', () => {
    const notes: BookingEvent = { type: 'notesUpdated', data: { barberNotes: null, estimatedTravelTime: 20 } };
    const enRoute: BookingEvent = { type: 'enRoute', data: {} };
    expect(noticesFor(enRoute, stateAfter(notes, enRoute), people)[0]).toMatchObject({
      title: 'Your barber is on the way',
      body: 'Marcus Lee is on the way to you for your 1:30 PM appointment. Estimated travel time: about 20 minutes.',
    });
    const failed: BookingEvent = {
      type: 'paymentFailed',
      data: { paymentIntentId: 'pi_1', message: 'Your card was declined.' },
    };
    expect(noticesFor(failed, stateAfter(failed), people)[0]!.body).toBe(
      'Your payment for the Fade on Friday, March 13 at 1:30 PM could not be processed (Your card was declined). Please try again from your bookings.',
    );
    const refunded: BookingEvent = { type: 'refunded', data: { refundId: 're_1', amount: 3500 } };
    const paid: BookingEvent = { type: 'paid', data: { paymentIntentId: 'pi_1', amount: 3500 } };
    const cancelled: BookingEvent = { type: 'cancelled', data: { reason: 'Car trouble', by: 'barber' } };
    expect(noticesFor(refunded, stateAfter(paid, cancelled, refunded), people)[0]!.body).toBe(
      'We refunded $35.00 for your cancelled Fade on Friday, March 13 at 1:30 PM. It can take 5-10 business days to appear on your statement.',
    );
    // a part given back in Stripe's dashboard of a booking that went ahead
    const part: BookingEvent = { type: 'refunded', data: { refundId: 're_2', amount: 1000 } };
    const wentAhead: BookingEvent[] = ['confirmed', 'started', 'completed'].map(
      (type) => ({ type, data: {} }) as BookingEvent,
    );
    expect(noticesFor(part, stateAfter(paid, ...wentAhead, part), people)[0]!.body).toMatch(
      /^We refunded \$10\.00 for your Fade on Friday/,
    );
    expect(
      noticesFor({ type: 'notesUpdated', data: { barberNotes: 'x', estimatedTravelTime: null } }, stateAfter(), people),
    ).toEqual([]);
  });

  it('take back an announced refund the bank refused, and announce a refund tried again only once it goes through', () => {
    const paid: BookingEvent = { type: 'paid', data: { paymentIntentId: 'pi_1', amount: 3500 } };
    const cancelled: BookingEvent = { type: 'cancelled', data: { reason: 'Car trouble', by: 'barber' } };
    const refunded = (refundId: string, pending: boolean): BookingEvent => ({
      type: 'refunded',
      data: { refundId, amount: 3500, complete: true, ...(pending ? { pending: true as const } : {}) },
    });
    const failed = (refundId: string): BookingEvent => ({
      type: 'refundFailed',
      data: { refundId, amount: 3500, reason: 'expired_or_canceled_card' },
    });
    const succeeded = (refundId: string): BookingEvent => ({ type: 'refundSucceeded', data: { refundId } });
    /** The notices' titles of the last event of `history`, with the state before it. */
    const titles = (...history: BookingEvent[]) => {
      const event = history.at(-1)!;
      const before = stateAfter(paid, cancelled, ...history.slice(0, -1));
      return noticesFor(event, evolve(before, event) as CreatedBooking, people, 'system', before).map((n) => n.title);
    };
    // the first refund is announced when made, pending or not, and so is its failure
    expect(titles(refunded('re_1', true))).toEqual(['Refund issued']);
    expect(titles(refunded('re_1', true), succeeded('re_1'))).toEqual([]);
    expect(titles(refunded('re_1', true), failed('re_1'))).toEqual(['Refund not completed']);
    // tried again: pending, the customer hears nothing until it succeeds, nor of its failure
    const day1 = [refunded('re_1', true), failed('re_1')];
    expect(titles(...day1, refunded('re_2', true))).toEqual([]);
    expect(titles(...day1, refunded('re_2', true), failed('re_2'))).toEqual([]);
    expect(titles(...day1, refunded('re_2', true), succeeded('re_2'))).toEqual(['Refund issued']);
    // tried again and answered succeeded at once: the bank may still refuse it, so told only once it settles
    expect(titles(...day1, refunded('re_2', false))).toEqual([]);
    expect(titles(...day1, refunded('re_2', false), failed('re_2'))).toEqual([]);
    expect(titles(...day1, refunded('re_2', false), succeeded('re_2'))).toEqual(['Refund issued']);
    // what the customer was told is decided when a refund is recorded, not by failures of other refunds since
    const part: BookingEvent = { type: 'refunded', data: { refundId: 're_dash', amount: 1000 } };
    const rest: BookingEvent = { type: 'refunded', data: { refundId: 're_rest', amount: 2500, pending: true } };
    expect(titles(part, rest)).toEqual(['Refund issued']);
    expect(titles(part, rest, failed('re_dash'))).toEqual(['Refund not completed']);
    expect(titles(part, rest, failed('re_dash'), succeeded('re_rest'))).toEqual([]);
    expect(titles(part, rest, failed('re_dash'), failed('re_rest'))).toEqual(['Refund not completed']);
  });

  it('announce the arrival time with En Route, a move of more than 10 minutes from the time told, and the arrival', () => {
    // 13:10 New York (EDT on 2026-03-13) is 17:10Z.
    const enRoute: BookingEvent = { type: 'enRoute', data: { etaAt: '2026-03-13T17:25:00.000Z' } };
    expect(noticesFor(enRoute, stateAfter(enRoute), people)[0]).toMatchObject({
      to: 'customer',
      title: 'Your barber is on the way',
      body: 'Marcus Lee is on the way to you for your 1:30 PM appointment. Expected arrival: about 1:25 PM.',
    });
    const plus5: BookingEvent = { type: 'etaUpdated', data: { etaAt: '2026-03-13T17:30:00.000Z' } };
    const plus10more: BookingEvent = { type: 'etaUpdated', data: { etaAt: '2026-03-13T17:40:00.000Z' } };
    expect(noticesFor(plus5, stateAfter(enRoute, plus5), people)).toEqual([]);
    expect(noticesFor(plus10more, stateAfter(enRoute, plus5, plus10more), people)).toEqual([
      {
        to: 'customer',
        kind: 'eta_updated',
        category: 'booking',
        title: 'Arrival time updated',
        body: 'Marcus Lee is running late: new expected arrival about 1:40 PM for your 1:30 PM appointment.',
      },
    ]);
    const arrived: BookingEvent = { type: 'arrived', data: {} };
    expect(noticesFor(arrived, stateAfter(enRoute, arrived), people)).toEqual([
      {
        to: 'customer',
        kind: 'barber_arrived',
        category: 'booking',
        title: 'Your barber has arrived',
        body: 'Marcus Lee has arrived for your 1:30 PM appointment.',
      },
    ]);
  });

  it('tell both sides that an abandoned checkout expired and freed the time', () => {
    const expired: BookingEvent = { type: 'expired', data: {} };
    const notices = noticesFor(expired, stateAfter(expired), people, 'system');
    expect(notices).toEqual([
      {
        to: 'customer',
        kind: 'booking_expired',
        category: 'cancellation',
        title: 'Booking expired',
        body: 'Your booking of a Fade with Marcus Lee on Friday, March 13 at 1:30 PM expired because checkout was not completed. The time is free again: book it anew if you still want it.',
      },
      {
        to: 'barber',
        kind: 'booking_expired',
        category: 'cancellation',
        title: 'Booking expired',
        body: "Ana Diaz's unpaid Fade request on Friday, March 13 at 1:30 PM expired; that time is free again.",
      },
    ]);
  });

  it('a payment that came after the appointment: the expiry says so and promises the refund', () => {
    const paid: BookingEvent = { type: 'paid', data: { paymentIntentId: 'pi_1', amount: 3500 } };
    const expired: BookingEvent = { type: 'expired', data: {} };
    expect(noticesFor(expired, stateAfter(paid, expired), people, 'system').map((n) => n.body)).toEqual([
      "Your payment for a Fade with Marcus Lee on Friday, March 13 at 1:30 PM arrived after the appointment's time, so the booking expired. Your payment will be refunded in full.",
      "Ana Diaz's Fade request on Friday, March 13 at 1:30 PM expired: its payment came after the appointment's time and is refunded.",
    ]);
  });

  it('a cancellation after a part refund promises the rest, not the whole payment', () => {
    const paid: BookingEvent = { type: 'paid', data: { paymentIntentId: 'pi_1', amount: 3500 } };
    const partRefund: BookingEvent = { type: 'refunded', data: { refundId: 're_1', amount: 1000 } };
    const byBarber: BookingEvent = { type: 'cancelled', data: { reason: 'Car trouble', by: 'barber' } };
    const state = stateAfter(paid, { type: 'confirmed', data: {} }, partRefund, byBarber);
    expect(noticesFor(byBarber, state, people)[0]!.body).toBe(
      'Marcus Lee cancelled your Fade on Friday, March 13 at 1:30 PM. Reason: Car trouble. The rest of your payment ($25.00) will be refunded.',
    );
  });

  it('do not tell a barber about their own reschedule', () => {
    const moved: BookingEvent = {
      type: 'rescheduled',
      data: { date: '2026-03-14', startTime: '09:00', endTime: '09:30' },
    };
    const state = stateAfter(moved);
    expect(noticesFor(moved, state, people, 'barber').map((n) => n.to)).toEqual(['customer']);
    expect(noticesFor(moved, state, people, 'admin').map((n) => n.to)).toEqual(['customer', 'barber']);
    expect(noticesFor(moved, state, people)[0]!.body).toBe(
      'Your Fade with Marcus Lee has moved to Saturday, March 14 at 9:00 AM.',
    );
    expect(reminderNotices(state, people, new Date('2026-03-12T18:30:00Z')).map((n) => n.category)).toEqual([
      'reminder',
      'reminder',
    ]);
  });
});

describe('the reminder title', () => {
  const at = (date: string, startTime: string) =>
    ({
      ...stateAfter(),
      date,
      startTime,
    }) as CreatedBooking;
  const title = (booking: CreatedBooking, now: string) => reminderNotices(booking, people, new Date(now))[0]!.title;

  it('says today or tomorrow by the New York date it goes out on', () => {
    expect(title(at('2026-03-13', '13:30'), '2026-03-12T17:30:00Z')).toBe('Appointment tomorrow');
    expect(title(at('2026-03-13', '13:30'), '2026-03-13T12:00:00Z')).toBe('Appointment today');
  });

  it('says neither when 24 hours before falls two dates earlier (00:30 the day after clocks spring forward)', () => {
    // Clocks spring forward on 2026-03-08; 00:30 on the 9th (04:30 UTC) less 24 hours is 23:30 on the 7th.
    expect(title(at('2026-03-09', '00:30'), '2026-03-08T04:30:00Z')).toBe('Upcoming appointment');
  });
});

describe('who is told of a step, by who took it', () => {
  it('does not tell the barber of their own confirmation; tells them when the payment or an administrator confirmed', () => {
    const confirmed: BookingEvent = { type: 'confirmed', data: {} };
    const to = (actorRole?: string) => noticesFor(confirmed, stateAfter(confirmed), people, actorRole).map((n) => n.to);
    expect(to('barber')).toEqual(['customer']);
    expect(to('system')).toEqual(['customer', 'barber']);
    expect(to('admin')).toEqual(['customer', 'barber']);
  });

  it('tells the barber of a step of theirs an administrator took for them, and not of their own', () => {
    const completed: BookingEvent = { type: 'completed', data: {} };
    const noShow: BookingEvent = { type: 'noShow', data: {} };
    expect(noticesFor(completed, stateAfter(completed), people, 'admin').map((n) => [n.to, n.body])).toEqual([
      ['customer', expect.stringMatching(/^Thanks for booking with Marcus Lee/)],
      ['barber', "An administrator marked Ana Diaz's Fade on Friday, March 13 at 1:30 PM as completed."],
    ]);
    expect(noticesFor(noShow, stateAfter(noShow), people, 'admin')[1]!.body).toBe(
      "An administrator marked Ana Diaz's Fade on Friday, March 13 at 1:30 PM as a no-show.",
    );
    expect(noticesFor(completed, stateAfter(completed), people, 'barber').map((n) => n.to)).toEqual(['customer']);
  });

  it('tells the barber when an administrator started their service or moved their arrival time', () => {
    const started: BookingEvent = { type: 'started', data: {} };
    expect(noticesFor(started, stateAfter(started), people, 'admin').map((n) => [n.to, n.body])).toEqual([
      ['barber', "An administrator marked Ana Diaz's Fade on Friday, March 13 at 1:30 PM as started."],
    ]);
    expect(noticesFor(started, stateAfter(started), people, 'barber')).toEqual([]);
    // a small move (the customer is not told of it) is still the barber's to know when someone else made it
    const moved: BookingEvent = { type: 'etaUpdated', data: { etaAt: '2026-03-13T17:40:00.000Z' } };
    expect(noticesFor(moved, stateAfter(moved), people, 'admin').map((n) => [n.to, n.body])).toContainEqual([
      'barber',
      "An administrator moved your expected arrival for Ana Diaz's Fade on Friday, March 13 at 1:30 PM to about 1:40 PM.",
    ]);
    expect(noticesFor(moved, stateAfter(moved), people, 'barber').map((n) => n.to)).not.toContain('barber');
  });

  it('titles a reminder sent on the appointment day "today", one sent the day before "tomorrow"', () => {
    // the appointment: Friday, March 13 at 1:30 PM in New York
    const titles = (now: string) => reminderNotices(stateAfter(), people, new Date(now)).map((n) => n.title);
    expect(titles('2026-03-12T17:30:00Z')).toEqual(['Appointment tomorrow', 'Appointment tomorrow']);
    expect(titles('2026-03-13T14:00:00Z')).toEqual(['Appointment today', 'Appointment today']);
  });
});

describe('email preferences', () => {
  it('keep the defaults for what a user never set, and gate each kind of email by its switch', () => {
    expect(preferencesOf(null)).toEqual(defaultNotificationPreferences);
    expect(preferencesOf({ emailReminders: false, junk: 1 })).toEqual({
      ...defaultNotificationPreferences,
      emailReminders: false,
    });
    expect(preferencesOf({ emailReminders: 'no' })).toEqual(defaultNotificationPreferences);
    const prefs = { ...defaultNotificationPreferences, emailBookingConfirmations: false };
    expect(wantsEmail(prefs, 'booking')).toBe(false);
    expect(wantsEmail(prefs, 'cancellation')).toBe(true);
    expect(wantsEmail(prefs, 'reminder')).toBe(true);
  });

  it('write the email with a greeting, the text and a link to the right screen', () => {
    const recipient = {
      userId: 1,
      name: 'Marcus Lee',
      email: 'm@example.com',
      preferences: defaultNotificationPreferences,
    };
    const notice = { to: 'barber' as const, kind: 'k', title: 'T', body: 'Body.', category: 'booking' as const };
    expect(emailText(notice, recipient, { platformName: 'BarberGo', publicUrl: 'https://x.example/' })).toBe(
      'Hi Marcus,\n\nBody.\n\nSee your bookings: https://x.example/barber/appointments\n\n— BarberGo\n',
    );
    expect(emailText({ ...notice, to: 'customer' }, recipient, { platformName: 'BarberGo' })).toBe(
      'Hi Marcus,\n\nBody.\n\n— BarberGo\n',
    );
  });
});
