import { beforeAll, describe, expect, it } from 'vitest';
import { appendToStream } from '../eventstore/store';
import { BOOKING_NOTIFIER } from '../notifications/subscriber';
import { WAITLIST_SUBSCRIPTION } from '../waitlist/subscriber';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createUser, PASSWORD } from '../test/fixtures';

const t = useTestApp({ realtime: true });
let admin: Client;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  const user = await createUser(t.db.sql, 'admin');
  admin = new Client(t.app);
  await admin.login(user.username, PASSWORD);
});

/** Puts the subscription's cursor before the first event of the log. */
const rewind = (name: string) =>
  t.db.sql`INSERT INTO subscriptions (name, transaction_id, global_position) VALUES (${name}, '0', 0)
           ON CONFLICT (name) DO UPDATE SET transaction_id = '0', global_position = 0`;
/** Puts the subscription's cursor on the newest event of the log. */
const catchUp = (name: string) =>
  t.db.sql`UPDATE subscriptions s SET transaction_id = e.transaction_id, global_position = e.global_position
             FROM (SELECT transaction_id, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
            WHERE s.name = ${name}`;
const readyz = async () => {
  const res = await t.app.inject({ url: '/readyz' });
  return { status: res.statusCode, body: res.json() };
};

describe('tail lag in /readyz and GET /api/admin/live-status', () => {
  it('shows events held back by an open transaction of this database, still ready, and clears when it ends', async () => {
    await expect
      .poll(readyz)
      .toMatchObject({ status: 200, body: { status: 'ok', tail: { status: 'ok', behindEvents: 0 } } });

    let release!: () => void;
    let holding!: () => void;
    const isHolding = new Promise<void>((r) => (holding = r));
    const open = t.db.sql.begin(async (tx) => {
      await tx`SELECT pg_current_xact_id()`;
      holding();
      await new Promise<void>((r) => (release = r));
    });
    try {
      await isHolding;
      await t.db.sql.begin((tx) => appendToStream(tx, 'lag-held', 0, [{ type: 'written', data: {} }]));

      await expect.poll(readyz, { timeout: 5000 }).toMatchObject({
        status: 200,
        body: {
          status: 'ok',
          tail: { behindEvents: 1, oldestBlockingXactAgeMs: expect.any(Number), consecutiveFailures: 0 },
        },
      });
      const answer = await admin.get('/api/admin/live-status');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        liveUpdates: { behindEvents: 1, oldestBlockingXactAgeMs: expect.any(Number) },
        notifications: null,
      });
    } finally {
      release();
      await open;
    }
    await expect
      .poll(readyz, { timeout: 5000 })
      .toMatchObject({ body: { tail: { status: 'ok', behindEvents: 0, oldestBlockingXactAgeMs: null } } });
    expect((await admin.get('/api/admin/live-status')).body.liveUpdates).toMatchObject({
      delayed: false,
      behindEvents: 0,
    });
  });

  it('reports the notifier as delayed while events past its saved cursor wait, from any instance', async () => {
    await rewind(BOOKING_NOTIFIER);
    await t.db.sql`INSERT INTO events (stream_id, stream_version, type, data, recorded_at)
                   VALUES ('lag-old', 1, 'written', '{}', now() - interval '1 hour')`;
    const late = await admin.get('/api/admin/live-status');
    expect(late.body.notifications).toMatchObject({ delayed: true, behindEvents: expect.any(Number) });
    expect(late.body.notifications.lagMs).toBeGreaterThanOrEqual(3_000_000);

    await catchUp(BOOKING_NOTIFIER);
    expect((await admin.get('/api/admin/live-status')).body.notifications).toEqual({
      lagMs: 0,
      delayed: false,
      behindEvents: 0,
    });
  });

  it('reports notifications as delayed while the waitlist subscriber lags, though the booking notifier is caught up (issue 13)', async () => {
    await rewind(WAITLIST_SUBSCRIPTION);
    await catchUp(BOOKING_NOTIFIER);
    const late = await admin.get('/api/admin/live-status');
    expect(late.body.notifications).toMatchObject({ delayed: true, behindEvents: expect.any(Number) });
    await t.db
      .sql`UPDATE subscriptions SET transaction_id = (SELECT transaction_id FROM subscriptions WHERE name = ${BOOKING_NOTIFIER}),
                                            global_position = (SELECT global_position FROM subscriptions WHERE name = ${BOOKING_NOTIFIER})
                    WHERE name = ${WAITLIST_SUBSCRIPTION}`;
    expect((await admin.get('/api/admin/live-status')).body.notifications).toEqual({
      lagMs: 0,
      delayed: false,
      behindEvents: 0,
    });
  });
});
