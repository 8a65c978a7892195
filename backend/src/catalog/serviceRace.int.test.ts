import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../bookings/testkit';
import { useTestApp } from '../test/app';
import type { Client } from '../test/client';
import { createService, type UserFixture } from '../test/fixtures';
import { holdLock, sessionsWaitingForLocks } from '../test/locks';

// A review of write routes sent twice at once: PUT /api/services/{id} with some of the fields read the service,
// merged the body onto it and wrote every column, so of two partial edits at once the last one wrote back the
// other's field as it had read it, and that edit was lost though both answered 200.
const t = useTestApp();

let barber: UserFixture;
let barberClient: Client;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  ({ user: barber, client: barberClient } = await signedIn(t, 'barber'));
});

/** The service's row lock, held until `release`: the edits sent meanwhile have read the service and wait to write it. */
const holdServiceLock = (serviceId: number) =>
  holdLock(t.db.sql, (tx) => tx`SELECT id FROM services WHERE id = ${serviceId} FOR UPDATE`);

describe('PUT /api/services/{id} sent twice at once', () => {
  it('keeps both of two partial edits of different fields', async () => {
    const { id } = await createService(t.db.sql, barber.barberId!, { name: 'Haircut', priceCents: 3500 });
    const lock = await holdServiceLock(id);
    let price, name;
    try {
      price = barberClient.put(`/api/services/${id}`, { price: 42 });
      name = barberClient.put(`/api/services/${id}`, { name: 'Skin fade' });
      // Both have read the service and wait for its row to write it.
      await expect.poll(() => sessionsWaitingForLocks(t.db.sql), { timeout: 5000 }).toBe(2);
    } finally {
      await lock.release();
    }
    expect((await price).status).toBe(200);
    expect((await name).status).toBe(200);

    const [row] = await t.db.sql<{ name: string; priceCents: number; duration: number; description: string }[]>`
      SELECT name, price_cents AS "priceCents", duration, description FROM services WHERE id = ${id}`;
    expect(row).toEqual({ name: 'Skin fade', priceCents: 4200, duration: 30, description: 'A classic cut' });
    const listed = await barberClient.get('/api/barber/services');
    expect(listed.body.services.find((s: { id: number }) => s.id === id)).toMatchObject({
      name: 'Skin fade',
      price: '42.00',
    });
  });

  it('still validates each field sent and leaves the others as they are', async () => {
    const { id } = await createService(t.db.sql, barber.barberId!, { name: 'Beard trim', priceCents: 2000 });
    const bad = await barberClient.put(`/api/services/${id}`, { price: 0.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const off = await barberClient.put(`/api/services/${id}`, { isActive: false, description: '' });
    expect(off.status).toBe(200);
    expect(off.body.service).toMatchObject({
      id,
      name: 'Beard trim',
      description: '',
      duration: 30,
      price: '20.00',
      category: 'haircut',
      isActive: false,
    });
  });
});
