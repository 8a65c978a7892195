import { WAITLIST_JOINED, WAITLIST_LEFT } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../eventstore/store';
import * as kit from '../bookings/testkit';
import { useLiveTestApp, settle } from '../test/live';
import { waitlistStreamId } from './subscriber';

// The barber's appointments calendar shows how many wait for each day: joining and leaving reach the
// barber's screens live, as events of the entry's stream written with the entry.
const { t, liveClient } = useLiveTestApp();

let barber: kit.BookableBarber;
let other: kit.BookableBarber;
let customer: kit.Person;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  [barber, customer] = await kit.barberAnd(t, 'customer');
  other = await kit.bookableBarber(t);
});

const waitlistTypes = (messages: { type: string }[]) =>
  messages.map((m) => m.type).filter((type) => type === WAITLIST_JOINED || type === WAITLIST_LEFT);

describe("the barber's live waitlist", () => {
  it('pushes a join and a leave to that barber only, recorded with the entry', async () => {
    const onBarber = await liveClient(barber.client).connect();
    const onOther = await liveClient(other.client).connect();
    const onCustomer = await liveClient(customer.client).connect();
    const date = kit.inDays(6);

    const joined = await customer.client.post('/api/waitlist', { barberId: barber.barberId, date });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    await expect.poll(() => waitlistTypes(onBarber.messages), { timeout: 10_000 }).toEqual([WAITLIST_JOINED]);

    const entryId = joined.body.entry.id as number;
    expect((await customer.client.delete(`/api/waitlist/${entryId}`)).status).toBe(200);
    await expect
      .poll(() => waitlistTypes(onBarber.messages), { timeout: 10_000 })
      .toEqual([WAITLIST_JOINED, WAITLIST_LEFT]);
    // Leaving twice is refused and tells no one again.
    expect((await customer.client.delete(`/api/waitlist/${entryId}`)).status).toBe(404);

    const stream = await readStream(t.db.sql, waitlistStreamId(entryId));
    expect(stream.map((e) => [e.type, e.data])).toEqual([
      [WAITLIST_JOINED, { entryId, barberId: barber.barberId, date }],
      [WAITLIST_LEFT, { entryId, barberId: barber.barberId, date }],
    ]);
    await settle();
    expect(waitlistTypes(onBarber.messages)).toHaveLength(2);
    expect(waitlistTypes(onOther.messages)).toEqual([]);
    expect(waitlistTypes(onCustomer.messages)).toEqual([]);
  });

  it('writes neither the entry nor its event when the join is refused', async () => {
    const date = kit.inDays(7);
    expect((await customer.client.post('/api/waitlist', { barberId: barber.barberId, date })).status).toBe(201);
    const before = await t.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM events WHERE type = ${WAITLIST_JOINED}`;
    expect((await customer.client.post('/api/waitlist', { barberId: barber.barberId, date })).status).toBe(409);
    const after = await t.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM events WHERE type = ${WAITLIST_JOINED}`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
