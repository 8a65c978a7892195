import type { BookingStatus } from '@barber/shared';
import type { Sql } from '../db/connect';

/** The columns of the bookings read model that payments read. */
export interface PaymentBookingRow {
  id: string;
  customerId: number;
  barberId: number;
  status: BookingStatus;
  totalCents: number;
  paid: boolean;
  refunded: boolean;
  detailsSaved: boolean;
  feeCollectionEnabled: boolean;
  stripePaymentId: string | null;
  /** The appointment (New York date and wall-clock times): a payment confirms it only until its end. */
  date: string;
  startTime: string;
  endTime: string;
}

export async function findPaymentBooking(sql: Sql, bookingId: string): Promise<PaymentBookingRow | null> {
  if (!UUID_RE.test(bookingId)) return null;
  const [row] = await sql<PaymentBookingRow[]>`
    SELECT id, customer_id AS "customerId", barber_id AS "barberId", status, total_cents AS "totalCents", paid, refunded,
           details_saved AS "detailsSaved", fee_collection_enabled AS "feeCollectionEnabled", stripe_payment_id AS "stripePaymentId",
           date::text AS date, start_time AS "startTime", end_time AS "endTime"
      FROM bookings WHERE id = ${bookingId}`;
  return row ?? null;
}

export async function findBookingByPaymentIntent(sql: Sql, paymentIntentId: string): Promise<PaymentBookingRow | null> {
  const [row] = await sql<{ id: string }[]>`
    SELECT id FROM bookings WHERE stripe_payment_id = ${paymentIntentId}
    UNION SELECT booking_id FROM payment_intents WHERE payment_intent_id = ${paymentIntentId} LIMIT 1`;
  return row ? findPaymentBooking(sql, row.id) : null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
