import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { BOOKING_BY_INTENT_SQL, findBookingByPaymentIntent } from './bookingRow';

const t = useTestApp();

describe('finding a booking by its PaymentIntent, among 30,000 bookings', () => {
  it('reads an index, not every booking (each refund webhook asks)', async () => {
    // a third of them paid by card, as a platform collecting fees would have
    await t.db.sql`
      INSERT INTO bookings (id, version, customer_id, barber_id, service_id, date, start_time, end_time, starts_at, ends_at,
                            duration_minutes, status, total_cents, platform_fee_cents, barber_amount_cents,
                            fee_collection_enabled, city, zipcode, created_at, updated_at, stripe_payment_id, paid)
      SELECT gen_random_uuid(), 1, g % 500 + 1, g % 40 + 1, 1, d, '10:00', '10:30', d + time '10:00', d + time '10:30', 30,
             'completed', 4500, 450, 4050, true, 'miami', '33139', d - interval '3 days', d,
             CASE WHEN g % 3 = 0 THEN 'pi_volume_' || g END, g % 3 = 0
        FROM (SELECT g, date '2026-01-01' + g % 300 AS d FROM generate_series(1, 30000) g) s`;
    await t.db.sql`ANALYZE bookings`;

    const plan = (
      await t.db.sql.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${BOOKING_BY_INTENT_SQL}`, ['pi_volume_300'])
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).not.toMatch(/Seq Scan on bookings/);
    expect(plan).toContain('bookings_stripe_payment');

    const [paid] = await t.db.sql<{ id: string }[]>`SELECT id FROM bookings WHERE stripe_payment_id = 'pi_volume_300'`;
    expect((await findBookingByPaymentIntent(t.db.sql, 'pi_volume_300'))?.id).toBe(paid!.id);
    expect(await findBookingByPaymentIntent(t.db.sql, 'pi_unknown')).toBeNull();
  });
});
