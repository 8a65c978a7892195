import { MAINTENANCE_MESSAGE } from '@barber/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Person } from '../bookings/testkit';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';

/*
 * Issue 11 item 9: in maintenance mode every barber card showed "-" or "Error Loading ..." and nothing said
 * why. GET /api/public-settings stays open during maintenance and carries the message, so each screen
 * shows it once as a banner; every other call still answers 503 MAINTENANCE with the same message.
 */

const t = useTestApp();
let customer: Person;
let barber: Person;
let admin: Person;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  customer = await signedIn(t, 'customer');
  barber = await signedIn(t, 'barber');
  admin = await signedIn(t, 'admin');
});
afterAll(async () => {
  await t.deps.settings.update({ maintenanceMode: false });
});

describe('maintenance mode', () => {
  it('is told by GET /api/public-settings to everyone, with the message the refused calls carry', async () => {
    await t.deps.settings.update({ maintenanceMode: true });
    for (const client of [new Client(t.app), customer.client, barber.client, admin.client]) {
      const res = await client.get('/api/public-settings');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ maintenanceMode: true, maintenanceMessage: MAINTENANCE_MESSAGE });
    }
    const refused = await barber.client.get('/api/barber/earnings');
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'MAINTENANCE', message: MAINTENANCE_MESSAGE });
    expect((await customer.client.get('/api/my-bookings')).status).toBe(503);
    // administrators still work (they switch it off)
    expect((await admin.client.get('/api/admin/settings')).status).toBe(200);
  });

  it('says nothing once the platform is open again', async () => {
    await t.deps.settings.update({ maintenanceMode: false });
    const res = await new Client(t.app).get('/api/public-settings');
    expect(res.body).toMatchObject({ maintenanceMode: false, maintenanceMessage: null });
    expect((await barber.client.get('/api/barber/earnings')).status).toBe(200);
  });
});
