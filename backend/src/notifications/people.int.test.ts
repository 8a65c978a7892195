import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { createService, createUser } from '../test/fixtures';
import { loadParties } from './people';

const t = useTestApp();

describe("the names a booking's messages use", () => {
  it('are the username of a user without a full name, never an empty name (" requested a ...")', async () => {
    const customer = await createUser(t.db.sql, 'customer');
    const barber = await createUser(t.db.sql, 'barber');
    const service = await createService(t.db.sql, barber.barberId!);
    await t.db.sql`UPDATE users SET full_name = '  ' WHERE id IN ${t.db.sql([customer.id, barber.id])}`;
    const parties = await loadParties(t.db.sql, {
      customerId: customer.id,
      barberId: barber.barberId!,
      serviceId: service.id,
    });
    expect([parties.customerName, parties.barberName]).toEqual([customer.username, barber.username]);
  });
});
