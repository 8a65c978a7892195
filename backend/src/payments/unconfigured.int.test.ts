import { beforeAll, expect, it } from 'vitest';
import { bookableBarber, signedIn } from '../bookings/testkit';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { pendingBooking } from './testkit';

// No Stripe keys: the checkout takes the no-fee path (docs/design.md §8).
const t = useTestApp();
beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
});

it('without Stripe keys: no publishable key, no intent, no webhook, and fee collection reads off', async () => {
  expect((await new Client(t.app).get('/api/stripe/config')).body).toEqual({ publishableKey: null });
  expect((await new Client(t.app).get('/api/fee-collection-status')).body).toEqual({ feeCollectionEnabled: false });
  const customer = await signedIn(t, 'customer');
  const booking = await pendingBooking(await bookableBarber(t), customer);
  const res = await customer.client.post('/api/create-payment-intent', { bookingId: booking.id });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: '{}',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
  });
  expect(hook.statusCode).toBe(400);
  expect(await t.deps.queues['stripe-events'].count()).toBe(0);
});

it('without Stripe keys: a booking is made without fees and the customer confirms it with no payment', async () => {
  expect((await t.deps.settings.get()).feeCollectionEnabled).toBe(true); // the stored default
  const customer = await signedIn(t, 'customer');
  const booking = await pendingBooking(await bookableBarber(t), customer);
  expect(booking).toMatchObject({ feeCollectionEnabled: false, platformFee: '0.00' });
  const confirmed = await customer.client.put(`/api/bookings/${booking.id}/status`, { status: 'confirmed' });
  expect(confirmed).toMatchObject({ status: 200, body: { booking: { status: 'confirmed' } } });
});
