import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { replayQuery } from './replay';

const t = useTestApp();

/** The plan Postgres picks for a catch-up from the start of a 20,000-event log of 500 customers and 20 barbers. */
async function planOf(user: { id: number; role: 'customer' | 'barber'; barberId: number | null }): Promise<string> {
  const { text, params } = replayQuery(user, { transactionId: '1', globalPosition: 0n }, 1001);
  const rows = await t.db.sql.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${text}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('catch-up index', () => {
  it("serves the replay's audience filter from events_audience, not a scan of everyone's events", async () => {
    await t.db.sql`
      INSERT INTO events (stream_id, stream_version, type, data, metadata)
      SELECT 'booking-' || g, 1, 'created', '{}'::jsonb,
             jsonb_build_object('audience', jsonb_build_object('userIds', jsonb_build_array(g % 500 + 1000), 'barberIds', jsonb_build_array(g % 20 + 1000)))
        FROM generate_series(1, 20000) g`;
    await t.db.sql`ANALYZE events`;

    const customer = await planOf({ id: 1007, role: 'customer', barberId: null });
    expect(customer).toContain('events_audience');
    expect(customer).not.toMatch(/Seq Scan on events/);
    expect(await planOf({ id: 1008, role: 'barber', barberId: 1003 })).not.toMatch(/Seq Scan on events/);
  });
});
