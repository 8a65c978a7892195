import { addDaysLocal, todayLocal } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../bookings/testkit';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { holdBarberLock, sessionsWaitingForLocks } from '../test/locks';
import { createService, createUser, PASSWORD, signedInClient, type UserFixture } from '../test/fixtures';
import { blockHours, insertBooking } from './testData';

const t = useTestApp();

let barber: UserFixture;
let customer: UserFixture;
let barberClient: Client;
let adminClient: Client;
let customerClient: Client;

const messages = (body: { issues?: { message: string }[] }) => (body.issues ?? []).map((i) => i.message);

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  ({ user: barber, client: barberClient } = await signedIn(t, 'barber'));
  adminClient = (await signedIn(t, 'admin')).client;
  ({ user: customer, client: customerClient } = await signedIn(t, 'customer'));
});

describe('barber profile', () => {
  it('answers the own profile with the user, and an admin the chosen barber', async () => {
    const own = await barberClient.get('/api/barber/profile');
    expect(own.status).toBe(200);
    expect(own.body.barber).toMatchObject({
      id: barber.barberId,
      blacklistedZipcodes: [],
      cities: ['miami'],
      isVerified: true,
      portfolioImages: [],
      yearsOfExperience: 10,
    });
    expect(own.body.user).toMatchObject({ id: barber.id, username: barber.username, role: 'barber' });
    expect((await adminClient.get(`/api/barber/profile?barberId=${barber.barberId}`)).body.barber.id).toBe(
      barber.barberId,
    );
    expect((await adminClient.get('/api/barber/profile')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Choose a barber to act on (barberId)',
    });
    expect((await adminClient.get('/api/barber/profile?barberId=999999')).status).toBe(404);
  });

  it('updates bio, experience, cities and portfolio with the specification messages', async () => {
    const url = `/api/barbers/${barber.barberId}`;
    const bad = await barberClient.put(url, {
      bio: 'short',
      yearsOfExperience: -1,
      cities: ['paris'],
      portfolioImages: ['javascript:alert(1)'],
    });
    expect(bad.status).toBe(400);
    expect(messages(bad.body)).toEqual(
      expect.arrayContaining([
        'Bio must be at least 10 characters',
        'Years of experience must be a positive number',
        'Please enter a valid image URL',
      ]),
    );
    const ok = await barberClient.put(url, {
      bio: 'Mobile fades across Miami-Dade.',
      yearsOfExperience: 7,
      cities: ['miami', 'fort_lauderdale'],
      portfolioImages: ['https://images.example.com/cut.jpg', '/uploads/fade.png'],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.barber).toMatchObject({
      bio: 'Mobile fades across Miami-Dade.',
      yearsOfExperience: 7,
      cities: ['miami', 'fort_lauderdale'],
      portfolioImages: ['https://images.example.com/cut.jpg', '/uploads/fade.png'],
    });
    const partial = await adminClient.put(url, { yearsOfExperience: 8 });
    expect(partial.body.barber).toMatchObject({ yearsOfExperience: 8, bio: 'Mobile fades across Miami-Dade.' });
    expect((await barberClient.put('/api/barbers/999999', { yearsOfExperience: 1 })).status).toBe(404);
  });

  it('creates a profile for a barber without one, once; cities default to miami', async () => {
    const [user] = await t.db.sql<{ id: number }[]>`
      INSERT INTO users (username, email, password_hash, full_name, role)
      SELECT 'newbarber', 'newbarber@example.com', password_hash, 'New Barber', 'barber' FROM users WHERE id = ${barber.id} RETURNING id`;
    const c = new Client(t.app);
    await c.login('newbarber', PASSWORD);
    expect((await c.get('/api/barber/profile')).body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Barber profile not found',
    });
    const created = await c.post('/api/barbers', {
      bio: 'Sharp cuts at your door.',
      yearsOfExperience: 3,
      cities: 'miami',
    });
    expect(created.status).toBe(201);
    expect(created.body.barber).toMatchObject({
      userId: user!.id,
      cities: ['miami'],
      isVerified: false,
      verificationStatus: 'pending',
      portfolioImages: [],
    });
    expect(
      (await c.post('/api/barbers', { bio: 'Sharp cuts at your door.', yearsOfExperience: 3 })).body,
    ).toMatchObject({ code: 'CONFLICT', message: 'Barber profile already exists' });
  });

  it('lets a customer apply, becoming a barber at once with autoApproveBarbers', async () => {
    const applicant = await createUser(t.db.sql, 'customer');
    const c = await signedInClient(t.app, applicant);
    await t.deps.settings.update({ autoApproveBarbers: true });
    const created = await c.post('/api/barbers', {
      bio: 'Sharp cuts at your door.',
      yearsOfExperience: 0,
      cities: ['boca_raton'],
    });
    await t.deps.settings.update({ autoApproveBarbers: false });
    expect(created.body.barber).toMatchObject({
      isVerified: true,
      verificationStatus: 'approved',
      cities: ['boca_raton'],
    });
    expect((await c.get('/api/current-user')).body.role).toBe('barber');
  });

  it('replaces the blacklisted zipcodes, five digits each', async () => {
    const bad = await barberClient.put('/api/barber/profile', { blacklistedZipcodes: ['3313'] });
    expect(bad.status).toBe(400);
    expect(messages(bad.body)).toEqual(['Please enter a valid 5-digit zipcode']);
    const ok = await barberClient.put('/api/barber/profile', { blacklistedZipcodes: ['33130', '33130', '90210'] });
    expect(ok.body.barber.blacklistedZipcodes).toEqual(['33130', '90210']);
    expect(
      (await barberClient.put('/api/barber/profile', { blacklistedZipcodes: [] })).body.barber.blacklistedZipcodes,
    ).toEqual([]);
  });
});

describe('services', () => {
  it('adds, lists, edits and soft-deletes a service', async () => {
    const created = await barberClient.post('/api/services', {
      name: 'Skin fade',
      description: 'Clean fade',
      duration: 45,
      price: '40.5',
      category: 'haircut',
    });
    expect(created.status).toBe(201);
    expect(created.body.service).toMatchObject({
      name: 'Skin fade',
      duration: 45,
      price: '40.50',
      category: 'haircut',
      isActive: true,
      barberId: barber.barberId,
    });
    const id = created.body.service.id;

    const edited = await barberClient.put(`/api/services/${id}`, { name: 'Skin fade deluxe', price: 55, duration: 60 });
    expect(edited.body.service).toMatchObject({
      name: 'Skin fade deluxe',
      price: '55.00',
      duration: 60,
      description: 'Clean fade',
    });

    const list = await barberClient.get('/api/barber/services');
    expect(list.body.services.map((s: { id: number }) => s.id)).toContain(id);

    // a booking keeps its service after the delete
    const bookingId = await insertBooking(t.db.sql, {
      customerId: customer.id,
      barberId: barber.barberId!,
      serviceId: id,
      date: addDaysLocal(todayLocal(), -3),
      startTime: '10:00',
      status: 'completed',
    });
    expect((await barberClient.delete(`/api/services/${id}`)).body).toEqual({ ok: true });
    expect(
      (await barberClient.get('/api/barber/services')).body.services.map((s: { id: number }) => s.id),
    ).not.toContain(id);
    const [row] = await t.db.sql<
      { deleted: boolean }[]
    >`SELECT deleted_at IS NOT NULL AS deleted FROM services WHERE id = ${id}`;
    expect(row!.deleted).toBe(true);
    const [booking] = await t.db.sql<
      { serviceId: number }[]
    >`SELECT service_id AS "serviceId" FROM bookings WHERE id = ${bookingId}`;
    expect(booking!.serviceId).toBe(id);
    expect((await barberClient.put(`/api/services/${id}`, { name: 'Again' })).status).toBe(404);
    expect((await barberClient.delete(`/api/services/${id}`)).status).toBe(404);
  });

  it('refuses bad services with the specification messages', async () => {
    const bad = await barberClient.post('/api/services', { name: 'X', duration: 4, price: 0.5 });
    expect(bad.status).toBe(400);
    const said = [
      'Name must be at least 2 characters',
      'Duration must be at least 5 minutes',
      'Price must be at least $1',
    ];
    expect(messages(bad.body)).toEqual(expect.arrayContaining(said));
    expect(
      messages((await barberClient.post('/api/services', { name: 'Cut', duration: 30.5, price: -3 })).body),
    ).toEqual(expect.arrayContaining(['Duration must be whole minutes', 'Price must be at least $1']));
    expect((await barberClient.post('/api/services', { name: 'Cut', duration: 30, price: 'abc' })).status).toBe(400);
    const [row] = await t.db.sql<
      { count: number }[]
    >`SELECT count(*)::int AS count FROM services WHERE name IN ('X', 'Cut')`;
    expect(row!.count).toBe(0);
  });

  it('lets an administrator manage a chosen barber’s services', async () => {
    expect((await adminClient.post('/api/services', { name: 'Beard trim', duration: 20, price: 15 })).status).toBe(400);
    const created = await adminClient.post(`/api/services?barberId=${barber.barberId}`, {
      name: 'Beard trim',
      duration: 20,
      price: 15,
      category: 'beard',
    });
    expect(created.body.service).toMatchObject({ barberId: barber.barberId, price: '15.00' });
    expect(
      (await adminClient.get(`/api/barber/services?barberId=${barber.barberId}`)).body.services.map(
        (s: { id: number }) => s.id,
      ),
    ).toContain(created.body.service.id);
  });
});

describe('availability blocks', () => {
  const block = blockHours;

  it('creates one block per selected day and lists them', async () => {
    const created = await barberClient.post('/api/availability', { ...block, daysOfWeek: [1, 3, 5] });
    expect(created.status).toBe(201);
    expect(created.body.availability.map((b: { dayOfWeek: number }) => b.dayOfWeek)).toEqual([1, 3, 5]);
    expect(created.body.availability[0]).toMatchObject({ ...block, barberId: barber.barberId });
    const single = await barberClient.post('/api/availability', {
      ...block,
      dayOfWeek: 0,
      serviceCities: ['miami beach', 'Doral'],
    });
    expect(single.body.availability).toEqual([
      expect.objectContaining({ dayOfWeek: 0, serviceCities: ['Miami Beach', 'Doral'] }),
    ]);
    const list = await barberClient.get('/api/barber/availability');
    expect(list.body.availability.map((b: { dayOfWeek: number }) => b.dayOfWeek)).toEqual([0, 1, 3, 5]);
  });

  it('refuses bad blocks', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...block, dayOfWeek: 7 }, 'Day of week must be 0 (Sunday) to 6 (Saturday)'],
      [{ ...block }, 'Select at least one day'],
      [{ ...block, daysOfWeek: [] }, 'Select at least one day'],
      [{ ...block, dayOfWeek: 1, startTime: '17:00', endTime: '09:00' }, 'End time must be after start time'],
      [{ ...block, dayOfWeek: 1, startTime: '9am' }, 'Invalid time (expected HH:mm)'],
      [{ ...block, dayOfWeek: 1, serviceCounties: [] }, 'Select at least one county'],
      [{ ...block, dayOfWeek: 1, travelBuffer: 20 }, 'Travel buffer must be a multiple of 15 minutes'],
      [{ ...block, dayOfWeek: 1, travelBuffer: 135 }, 'Travel buffer must be between 0 and 120 minutes'],
      [
        { ...block, dayOfWeek: 1, serviceCities: ['Fort Lauderdale'] },
        'Fort Lauderdale is not in the selected counties',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await barberClient.post('/api/availability', body);
      expect(res.status, message).toBe(400);
      expect(messages(res.body), message).toContain(message);
    }
  });

  it('edits a block as a whole and deletes it', async () => {
    const [created] = (await barberClient.post('/api/availability', { ...block, dayOfWeek: 2 })).body.availability;
    const edited = await barberClient.put(`/api/availability/${created.id}`, {
      endTime: '12:00',
      isActive: false,
      serviceCounties: ['broward'],
    });
    expect(edited.body.block).toMatchObject({
      id: created.id,
      dayOfWeek: 2,
      startTime: '09:00',
      endTime: '12:00',
      isActive: false,
      serviceCounties: ['broward'],
    });
    const bad = await barberClient.put(`/api/availability/${created.id}`, { startTime: '13:00' });
    expect(messages(bad.body)).toEqual(['End time must be after start time']);
    expect((await barberClient.delete(`/api/availability/${created.id}`)).body).toEqual({ ok: true });
    expect((await barberClient.delete(`/api/availability/${created.id}`)).status).toBe(404);
  });
});

describe('overlapping availability blocks', () => {
  const morning = { ...blockHours, dayOfWeek: 4, endTime: '12:00' };
  const overlapMessage = 'This time overlaps your Thursday 09:00-12:00 block.';
  const thursdayBlocks = async () =>
    (await barberClient.get('/api/barber/availability')).body.availability.filter(
      (b: { dayOfWeek: number }) => b.dayOfWeek === 4 || b.dayOfWeek === 6,
    );

  it('refuses a created block that overlaps an active block of the same day, naming it, and creates none of the days', async () => {
    expect((await barberClient.post('/api/availability', morning)).status).toBe(201);
    const clash = await barberClient.post('/api/availability', { ...morning, startTime: '11:00', endTime: '14:00' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CONFLICT', message: overlapMessage });
    const inside = await adminClient.post(`/api/availability?barberId=${barber.barberId}`, {
      ...morning,
      dayOfWeek: undefined,
      daysOfWeek: [6, 4],
      startTime: '10:00',
      endTime: '10:30',
    });
    expect(inside.body).toMatchObject({ code: 'CONFLICT', message: overlapMessage });
    expect(await thursdayBlocks()).toHaveLength(1);
    // touching ends do not overlap; an inactive block draws nothing on top of another
    expect(
      (await barberClient.post('/api/availability', { ...morning, startTime: '12:00', endTime: '14:00' })).status,
    ).toBe(201);
    expect(
      (
        await barberClient.post('/api/availability', {
          ...morning,
          startTime: '10:00',
          endTime: '11:00',
          isActive: false,
        })
      ).status,
    ).toBe(201);
    expect(
      (await barberClient.post('/api/availability', { ...morning, dayOfWeek: 6, startTime: '10:00', endTime: '11:00' }))
        .status,
    ).toBe(201);
  });

  it('answers 404 and records nothing for an edit of a block deleted while it waited for the barber', async () => {
    const [created] = (
      await barberClient.post('/api/availability', {
        ...blockHours,
        dayOfWeek: 0,
        startTime: '22:00',
        endTime: '23:00',
        isActive: false,
      })
    ).body.availability;
    const lock = await holdBarberLock(t.db.sql, barber.barberId!);
    const edit = barberClient.put(`/api/availability/${created.id}`, { isActive: true });
    await expect.poll(() => sessionsWaitingForLocks(t.db.sql)).toBe(1);
    await t.db.sql`DELETE FROM availability_blocks WHERE id = ${created.id}`;
    await lock.release();
    const answer = await edit;
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Time block not found');
    expect(
      await t.db
        .sql`SELECT 1 FROM events WHERE type = 'availabilityOpened' AND (data ->> 'blockId')::int = ${created.id}`,
    ).toEqual([]);
  });

  it('refuses an update that moves or activates a block on top of another, and lets a block change itself', async () => {
    const blocks = await thursdayBlocks();
    const afternoon = blocks.find((b: { startTime: string }) => b.startTime === '12:00');
    const inactive = blocks.find((b: { isActive: boolean }) => !b.isActive);
    const moved = await barberClient.put(`/api/availability/${afternoon.id}`, { startTime: '11:30' });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(overlapMessage);
    const activated = await adminClient.put(`/api/availability/${inactive.id}`, { isActive: true });
    expect(activated.body).toMatchObject({ code: 'CONFLICT', message: overlapMessage });
    const toSaturday = await barberClient.put(`/api/availability/${afternoon.id}`, {
      dayOfWeek: 6,
      startTime: '09:00',
      endTime: '12:00',
    });
    expect(toSaturday.body.message).toBe('This time overlaps your Saturday 10:00-11:00 block.');
    const own = await barberClient.put(`/api/availability/${afternoon.id}`, { startTime: '12:30', endTime: '15:00' });
    expect(own.status).toBe(200);
    expect(own.body.block).toMatchObject({ startTime: '12:30', endTime: '15:00' });
  });
});

describe('notification preferences', () => {
  it('answers the defaults, then saves the flags for any signed-in user', async () => {
    const defaults = await customerClient.get('/api/barber/notifications');
    const email = { emailBookingConfirmations: true, emailCancellations: true, emailReminders: true };
    const sms = { smsBookingAlerts: false, smsCancellations: false };
    expect(defaults.body.preferences).toEqual({ ...email, ...sms, pushNotifications: true });
    const saved = await customerClient.put('/api/barber/notifications', {
      smsBookingAlerts: true,
      emailReminders: false,
    });
    expect(saved.body.preferences).toMatchObject({
      smsBookingAlerts: true,
      emailReminders: false,
      emailCancellations: true,
    });
    expect((await customerClient.get('/api/barber/notifications')).body).toEqual(saved.body);
    expect((await barberClient.get('/api/barber/notifications')).body.preferences.smsBookingAlerts).toBe(false);
    expect((await customerClient.put('/api/barber/notifications', { smsBookingAlerts: 'yes' })).status).toBe(400);
    expect((await customerClient.put('/api/barber/notifications', { unknownFlag: true })).status).toBe(400);
    const forBarber = await adminClient.put(`/api/barber/notifications?barberId=${barber.barberId}`, {
      pushNotifications: false,
    });
    expect(forBarber.body.preferences.pushNotifications).toBe(false);
    expect((await barberClient.get('/api/barber/notifications')).body.preferences.pushNotifications).toBe(false);
  });

  it("two saves of different flags at once (the barber's and an admin's) both hold", async () => {
    for (let round = 0; round < 6; round++) {
      const on = round % 2 === 0;
      await Promise.all([
        barberClient.put('/api/barber/notifications', { emailCancellations: on }),
        adminClient.put(`/api/barber/notifications?barberId=${barber.barberId}`, { emailReminders: on }),
      ]);
      expect((await barberClient.get('/api/barber/notifications')).body.preferences).toMatchObject({
        emailCancellations: on,
        emailReminders: on,
      });
    }
  });
});

describe('reviews', () => {
  let serviceId: number;
  beforeAll(async () => {
    serviceId = (await createService(t.db.sql, barber.barberId!)).id;
  });
  let daysBack = 10;
  const pastBooking = (status: string) =>
    insertBooking(t.db.sql, {
      customerId: customer.id,
      barberId: barber.barberId!,
      serviceId,
      date: addDaysLocal(todayLocal(), -daysBack++),
      startTime: '09:00',
      status,
    });

  it('lets the customer of a completed booking review it once, and recomputes the rating', async () => {
    const first = await pastBooking('completed');
    const second = await pastBooking('completed');
    const bad = await customerClient.post(`/api/bookings/${first}/review`, { rating: 6 });
    expect(messages(bad.body)).toEqual(['Rating must be between 1 and 5']);

    const review = await customerClient.post(`/api/bookings/${first}/review`, { rating: 5, comment: 'Great fade' });
    expect(review.status).toBe(201);
    expect(review.body.review).toMatchObject({
      rating: 5,
      comment: 'Great fade',
      barberResponse: null,
      barberId: barber.barberId,
    });
    expect((await customerClient.post(`/api/bookings/${first}/review`, { rating: 4 })).body).toMatchObject({
      code: 'CONFLICT',
      message: 'You have already reviewed this booking.',
    });
    await customerClient.post(`/api/bookings/${second}/review`, { rating: 4 });

    const profile = await new Client(t.app).get(`/api/barbers/${barber.barberId}`);
    expect(profile.body.barber).toMatchObject({ rating: '4.50', reviewCount: 2 });
    expect(profile.body.reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 5]);
  });

  it('keeps the rating to one decimal of the true average, not of an average already rounded to two', async () => {
    const rated = await createUser(t.db.sql, 'barber');
    const cut = await createService(t.db.sql, rated.barberId!);
    // 12 reviews, 46 stars; with a 4 the average is 50 / 13 = 3.846: 3.8 (rounded to 3.85 first, it showed 3.9)
    await t.db.sql`
      INSERT INTO reviews (barber_id, customer_id, booking_id, rating)
      SELECT ${rated.barberId!}, ${customer.id}, gen_random_uuid(), r FROM unnest(${[5, 5, 5, 5, 4, 4, 3, 3, 3, 3, 3, 3]}::int[]) r`;
    const booking = await insertBooking(t.db.sql, {
      customerId: customer.id,
      barberId: rated.barberId!,
      serviceId: cut.id,
      date: addDaysLocal(todayLocal(), -3),
      startTime: '09:00',
      status: 'completed',
    });
    expect((await customerClient.post(`/api/bookings/${booking}/review`, { rating: 4 })).status).toBe(201);
    const profile = await new Client(t.app).get(`/api/barbers/${rated.barberId}`);
    expect(profile.body.barber).toMatchObject({ rating: '3.80', reviewCount: 13 });
  });

  it('refuses reviews of bookings not completed, not the customer’s, or unknown', async () => {
    const confirmed = await pastBooking('confirmed');
    expect((await customerClient.post(`/api/bookings/${confirmed}/review`, { rating: 5 })).body).toMatchObject({
      code: 'CONFLICT',
      message: 'Only a completed booking can be reviewed (this one is Confirmed).',
    });
    const completed = await pastBooking('completed');
    expect((await barberClient.post(`/api/bookings/${completed}/review`, { rating: 5 })).status).toBe(403);
    expect(
      (await customerClient.post('/api/bookings/00000000-0000-4000-8000-000000000000/review', { rating: 5 })).status,
    ).toBe(404);
    expect((await customerClient.post('/api/bookings/not-a-uuid/review', { rating: 5 })).status).toBe(400);
  });

  it('names the reviewer by first name and initial in public, and tells only the customer which bookings they reviewed', async () => {
    await t.db.sql`UPDATE users SET full_name = 'Maria Garcia lopez' WHERE id = ${customer.id}`;
    const bookingId = await pastBooking('completed');
    expect((await customerClient.post(`/api/bookings/${bookingId}/review`, { rating: 4 })).status).toBe(201);

    const profile = await new Client(t.app).get(`/api/barbers/${barber.barberId}`);
    expect(profile.status).toBe(200);
    const names = profile.body.reviews.map((r: { customerName: string }) => r.customerName);
    expect(names).toContain('Maria L.');
    const text = JSON.stringify(profile.body.reviews);
    expect(text).not.toContain('Garcia');
    expect(text).not.toContain(bookingId);

    const mine = await customerClient.get('/api/my-reviews');
    expect(mine.status).toBe(200);
    expect(mine.body.reviews).toContainEqual({ bookingId, rating: 4 });
    expect((await barberClient.get('/api/my-reviews')).body).toEqual({ reviews: [] });
    expect((await new Client(t.app).get('/api/my-reviews')).status).toBe(401);
  });

  it('lets the reviewed barber answer once', async () => {
    const bookingId = await pastBooking('completed');
    const { review } = (await customerClient.post(`/api/bookings/${bookingId}/review`, { rating: 3, comment: 'Late' }))
      .body;
    expect(
      messages((await barberClient.put(`/api/reviews/${review.id}/response`, { barberResponse: '  ' })).body),
    ).toEqual(['Response is required']);
    const answered = await barberClient.put(`/api/reviews/${review.id}/response`, {
      barberResponse: 'Sorry, traffic!',
    });
    expect(answered.body.review).toMatchObject({ id: review.id, barberResponse: 'Sorry, traffic!' });
    expect(
      (await barberClient.put(`/api/reviews/${review.id}/response`, { barberResponse: 'Again' })).body,
    ).toMatchObject({ code: 'CONFLICT' });
    expect((await barberClient.put('/api/reviews/999999/response', { barberResponse: 'x' })).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue routes, the widget availability path included', async () => {
    const res = await new Client(t.app).get('/api/docs/json');
    expect(res.status).toBe(200);
    for (const path of [
      '/api/barbers',
      '/api/barbers/{id}',
      '/api/search/barbers',
      '/api/availability',
      '/api/availability/{id}',
      '/api/services/{id}',
      '/api/bookings/{id}/review',
      '/api/reviews/{id}/response',
    ]) {
      expect(res.body.paths, path).toHaveProperty([path]);
    }
  });
});
