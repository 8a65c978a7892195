import { describe, expect, it } from 'vitest';
import { pruneNoticeOutbox } from '../notifications/outbox';
import { useTestApp } from '../test/app';
import { plansOf } from '../test/plans';
import { bookingsOwedRefund } from './refundRequests';
import { pruneStripeInbox } from './stripeInbox';

/*
 * What the worker's sweeps read every 5 minutes on every instance, at volume (migration 039): the plans, not the
 * times (a test asserts no timing). 30,000 bookings with 6 events each; 40,000 outbox rows and Stripe events.
 */

const t = useTestApp();
const now = new Date('2026-06-01T16:00:00Z');

describe('the sweeps at volume', () => {
  it('the refund sweep probes the refusals by index, not every event, and finds exactly the bookings owed', async () => {
    // Cancelled and paid bookings are nearly all refunded: 27,000 completed, 2,800 cancelled and refunded, 200 owed.
    await t.db.sql`
      INSERT INTO bookings (id, version, customer_id, barber_id, service_id, date, start_time, end_time, starts_at, ends_at,
                            duration_minutes, status, total_cents, platform_fee_cents, barber_amount_cents,
                            fee_collection_enabled, city, zipcode, created_at, updated_at, paid, refunded)
      SELECT gen_random_uuid(), 1, g % 500 + 1, g % 40 + 1, 1, d, '10:00', '10:30', d + time '10:00', d + time '10:30', 30,
             CASE WHEN g <= 27000 THEN 'completed' ELSE 'cancelled' END, 4500, 450, 4050, true, 'miami', '33139',
             d - interval '3 days', d, true, g > 27000 AND g <= 29800
        FROM (SELECT g, date '2026-01-01' + g % 120 AS d FROM generate_series(1, 30000) g) s`;
    await t.db.sql`
      INSERT INTO events (stream_id, stream_version, type, data)
      SELECT 'booking-' || b.id, v, (ARRAY['created', 'detailsAdded', 'confirmed', 'paid', 'enRoute', 'arrived'])[v], '{}'
        FROM bookings b, generate_series(1, 6) v`;
    // Stripe refused 50 of the owed refunds on an earlier day (asked again today) and 30 today (not asked again).
    const owed = await t.db.sql<{ id: string }[]>`
      SELECT id FROM bookings WHERE status = 'cancelled' AND NOT refunded ORDER BY id`;
    expect(owed).toHaveLength(200);
    const refused = (rows: { id: string }[], day: string) =>
      t.db.sql`
        INSERT INTO events (stream_id, stream_version, type, data)
        SELECT 'booking-' || id, 7, 'refundFailed', jsonb_build_object('refundId', ${`refused:${day}:card_declined`}::text)
          FROM unnest(${rows.map((r) => r.id)}::uuid[]) id`;
    await refused(owed.slice(0, 50), '2026-05-30');
    await refused(owed.slice(50, 80), '2026-06-01');
    await t.db.sql`ANALYZE bookings`;
    await t.db.sql`ANALYZE events`;

    let found: string[] = [];
    const [plan] = await plansOf(t.db.url, async (sql) => {
      found = await bookingsOwedRefund(sql, { now });
    });
    expect(plan).not.toMatch(/Seq Scan on events/);
    expect(plan).toContain('events_refund_failed');
    expect(found.sort()).toEqual([...owed.slice(0, 50), ...owed.slice(80)].map((r) => r.id));
  });

  it('the prunes of the outbox and of the Stripe inbox delete by index what aged since the last pass', async () => {
    // A week of outbox (one row every 15 s) and 28 days of Stripe events (one a minute), and in each the 20 rows that
    // have aged past what is kept since the last pass.
    await t.db.sql`
      INSERT INTO notification_outbox (job_id, name, data, created_at, handled_at)
      SELECT 'volume-' || g, 'email', '{}'::jsonb, ${now}::timestamptz - g * interval '15 seconds',
             ${now}::timestamptz - g * interval '15 seconds' + interval '2 seconds'
        FROM generate_series(1, 40000) g
      UNION ALL
      SELECT 'aged-' || g, 'email', '{}', ${now}::timestamptz - interval '7 days' - g * interval '10 seconds', NULL
        FROM generate_series(1, 20) g`;
    await t.db.sql`
      INSERT INTO stripe_inbox (event_id, type, payload, received_at, handled_at)
      SELECT 'evt_volume_' || g, 'charge.refunded', '{}'::jsonb, ${now}::timestamptz - g * interval '1 minute',
             ${now}::timestamptz - g * interval '1 minute' + interval '2 seconds'
        FROM generate_series(1, 40000) g
      UNION ALL
      SELECT 'evt_aged_' || g, 'charge.refunded', '{}', ${now}::timestamptz - interval '31 days',
             ${now}::timestamptz - interval '30 days' - g * interval '10 seconds'
        FROM generate_series(1, 20) g`;
    await t.db.sql`ANALYZE notification_outbox`;
    await t.db.sql`ANALYZE stripe_inbox`;

    let pruned: number[] = [];
    const plans = await plansOf(t.db.url, async (sql) => {
      pruned = [await pruneNoticeOutbox(sql, { now }), await pruneStripeInbox(sql, { now })];
    });
    expect(pruned).toEqual([20, 20]);
    expect(plans[0]).not.toMatch(/Seq Scan/);
    expect(plans[0]).toContain('notification_outbox_created');
    expect(plans[1]).not.toMatch(/Seq Scan/);
    expect(plans[1]).toContain('stripe_inbox_handled');
  });
});
