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

/** The booking a PaymentIntent paid (the read model's) or was made for (payment_intents): $1 is the intent's id. */
export const BOOKING_BY_INTENT_SQL = `
    SELECT id FROM bookings WHERE stripe_payment_id = $1
    UNION SELECT booking_id FROM payment_intents WHERE payment_intent_id = $1 LIMIT 1`;

export async function findBookingByPaymentIntent(sql: Sql, paymentIntentId: string): Promise<PaymentBookingRow | null> {
  const [row] = await sql.unsafe<{ id: string }[]>(BOOKING_BY_INTENT_SQL, [paymentIntentId], { prepare: true });
  return row ? findPaymentBooking(sql, row.id) : null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
