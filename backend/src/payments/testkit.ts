import { expect } from 'vitest';
import type { TestApp } from '../test/app';
import type { Config } from '../config';
import { bookingBody, details, inDays, type BookableBarber, type Person } from '../bookings/testkit';
import { signedWebhook, type StripeStub } from '../test/stripeStub';

/** Test helpers of the payment tests (backend and worker). */

export const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stub';

/** The environment of an app whose Stripe SDK talks to the stub. */
export function stripeEnv(stub: StripeStub): Partial<Config> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_stub',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stub',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stub.url,
  };
}

let slot = 0;
/** A fresh slot each call (days 2.. ahead, 08:00-17:00), so bookings of one file never collide. */
export function nextSlot(): { date: string; startTime: string } {
  const n = slot++;
  return { date: inDays(2 + Math.floor(n / 10)), startTime: `${String(8 + (n % 10)).padStart(2, '0')}:00` };
}

/** A booking made through POST /api/bookings, with its contact details saved unless told otherwise. */
export async function pendingBooking(
  barber: BookableBarber,
  customer: Person,
  options: { saveDetails?: boolean; slot?: { date: string; startTime: string } } = {},
): Promise<{ id: string; totalAmount: string; feeCollectionEnabled: boolean }> {
  const at = options.slot ?? nextSlot();
  const created = await customer.client.post('/api/bookings', bookingBody(barber, at));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.booking.id as string;
  if (options.saveDetails !== false) {
    const saved = await customer.client.put(`/api/bookings/${id}/status`, details);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return created.body.booking;
}

/** POSTs a signed webhook delivery of the event to the app. */
export function deliver(t: TestApp, event: unknown, secret = WEBHOOK_SECRET) {
  const { payload, headers } = signedWebhook(event, secret);
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
}

/** The intent id of a client secret (`pi_..._secret_...`). */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0]!;
}

/** A booking's events when it was paid, confirmed, then cancelled and refunded. */
export const REFUNDED_EVENTS = ['created', 'detailsSaved', 'paid', 'confirmed', 'cancelled', 'refunded'];

export async function eventTypes(t: TestApp, bookingId: string): Promise<string[]> {
  const rows = await t.db.sql<
    { type: string }[]
  >`SELECT type FROM events WHERE stream_id = ${`booking-${bookingId}`} ORDER BY stream_version`;
  return rows.map((r) => r.type);
}
