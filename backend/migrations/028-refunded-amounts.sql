-- What a booking gave back, and what the platform and the barber kept of its price: a refund made in Stripe's
-- dashboard may return part of a completed booking, which reports, earnings and payouts then leave out. A refund is
-- shared by the platform's fee and the barber's share in the booking's proportions; a booking refunded in full (or
-- by the refund job, which returns all that is left) keeps nothing.
ALTER TABLE bookings ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0);

UPDATE bookings b SET refunded_cents = r.cents
  FROM (SELECT stream_id, sum((data->>'amount')::int) AS cents
          FROM events WHERE type = 'refunded' AND stream_id LIKE 'booking-%' GROUP BY stream_id) r
 WHERE r.stream_id = 'booking-' || b.id AND r.cents IS NOT NULL;

ALTER TABLE bookings
  ADD COLUMN kept_total_cents integer GENERATED ALWAYS AS (
    CASE WHEN refunded THEN 0 ELSE greatest(total_cents - refunded_cents, 0) END) STORED,
  ADD COLUMN kept_barber_cents integer GENERATED ALWAYS AS (
    CASE WHEN refunded OR total_cents <= 0 THEN 0
         ELSE barber_amount_cents - round(barber_amount_cents::numeric * least(refunded_cents, total_cents) / total_cents)::int
    END) STORED,
  ADD COLUMN kept_fee_cents integer GENERATED ALWAYS AS (
    CASE WHEN refunded OR total_cents <= 0 THEN 0
         ELSE greatest(total_cents - refunded_cents, 0)
              - (barber_amount_cents - round(barber_amount_cents::numeric * least(refunded_cents, total_cents) / total_cents)::int)
    END) STORED;
