import { barberListingSchema, barberSearchAnswerSchema, regionKeys } from '@barber/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetJobs } from '../test/queues';
import { useTestApp } from '../test/app';
import { clockAtAppointment, setClock } from '../bookings/testkit';
import { createUser, PASSWORD, type UserFixture } from '../test/fixtures';
import { signedWebhook, startStripeStub } from '../test/stripeStub';
import {
  BARBER_LISTING_FIELDS,
  BARBER_PROFILE_FIELDS,
  BARBER_USER_FIELDS,
  BLOCK_FIELDS,
  expectBookingAnswer,
  expectBookingFields,
  expectFields,
  expectStatus,
  HHMM,
  inDays,
  intentIdOf,
  NOTIFICATION_PREFERENCE_FIELDS,
  NUMERIC_STRING,
  PLATFORM_SETTINGS_FIELDS,
  RecordingClient,
  REVIEW_FIELDS,
  SERVICE_FIELDS,
  stripeEnv,
  uncalledRoutes,
  USER_FIELDS,
  WEBHOOK_SECRET,
} from './kit';

/*
 * The contract of both call tables (docs/spec/customer-side.md §7, docs/spec/barber-and-admin.md §7, plus the calls
 * docs/design.md adds where the spec says "not shown"): every path is called with the payload the
 * frontend sends and the answer fields the screens read are checked. The data is built through the
 * API itself — a customer and a barber sign up, an administrator (who cannot sign up) verifies the
 * barber, the barber sets up services and time blocks, the customer books a slot found by search,
 * pays through the Stripe stub, and so on — so the steps below run in order and share state.
 */

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });

const run = Date.now().toString(36).slice(-5);
const day = inDays(3); // a date inside the booking window, whatever weekday
const ZIP = '33139'; // Miami Beach, Miami-Dade

const called = new Set<string>();
const newClient = () => new RecordingClient(t.app, called);
const visitor = newClient;
let adminUser: UserFixture;
const admin = {} as { client: RecordingClient };
const customer = {} as { client: RecordingClient; id: number; username: string; email: string };
const barber = {} as {
  client: RecordingClient;
  userId: number;
  barberId: number;
  username: string;
  email: string;
  password: string;
};
const state = {} as {
  serviceId: number;
  blockIds: number[];
  slot: string;
  bookingId: string;
  intentId: string;
  reviewId: number;
};

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false, feeCollectionEnabled: true });
  adminUser = await createUser(t.db.sql, 'admin', { username: `admin_${run}` });
  admin.client = newClient();
  await admin.client.login(adminUser.username, PASSWORD);
});
afterAll(async () => {
  await stub.close();
});

describe('reference and platform calls anyone makes', () => {
  it('GET /api/zipcode/{zipcode}/city answers the region key as city', async () => {
    const res = await visitor().get(`/api/zipcode/${ZIP}/city`);
    expectStatus(res, 200);
    expect(res.body.city).toBe('miami');
    expect(regionKeys).toContain(res.body.city);
    expect(res.body).toMatchObject({ displayCity: 'Miami Beach', county: 'miami_dade' });
    // outside the table: a refusal, so the screen falls back to miami / Miami
    expect((await visitor().get('/api/zipcode/99999/city')).status).toBe(404);
  });

  it('GET /api/validate-zipcode/{zip} answers isValid', async () => {
    expect((await visitor().get(`/api/validate-zipcode/${ZIP}`)).body).toMatchObject({ isValid: true });
    expect((await visitor().get('/api/validate-zipcode/99999')).body).toMatchObject({ isValid: false });
    expect((await visitor().get('/api/validate-zipcode/abc')).body).toMatchObject({ isValid: false });
  });

  it('GET /api/counties/{county}/zipcodes answers zipcodes', async () => {
    const res = await visitor().get('/api/counties/miami_dade/zipcodes');
    expectStatus(res, 200);
    expect(res.body.zipcodes.length).toBeGreaterThan(20);
    expect(res.body.zipcodes).toContain(ZIP);
    for (const zip of res.body.zipcodes) expect(zip).toMatch(/^\d{5}$/);
  });

  it('GET /api/fee-collection-status answers feeCollectionEnabled', async () => {
    const res = await visitor().get('/api/fee-collection-status');
    expectStatus(res, 200);
    expect(res.body).toEqual({ feeCollectionEnabled: true });
  });

  it('GET /api/public-settings answers what the forms need (the least password length among it)', async () => {
    const res = await visitor().get('/api/public-settings');
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      passwordMinLength: expect.any(Number),
      registrationEnabled: expect.any(Boolean),
      platformName: expect.any(String),
      platformDescription: expect.any(String),
      notificationChannels: {
        email: expect.any(Boolean),
        push: expect.any(Boolean),
        bookingAlerts: expect.any(Boolean),
      },
    });
  });

  it('GET /api/stripe/config answers publishableKey', async () => {
    const res = await visitor().get('/api/stripe/config');
    expectStatus(res, 200);
    expect(res.body).toEqual({ publishableKey: 'pk_test_stub' });
  });

  it('GET /api/address-suggestions (input, city, zipcode) answers suggestions', async () => {
    const res = await visitor().get(
      `/api/address-suggestions?input=${encodeURIComponent('1200 Ocean')}&city=Miami%20Beach&zipcode=${ZIP}`,
    );
    expectStatus(res, 200);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    for (const s of res.body.suggestions) expect(s).toBeTypeOf('string');
    // fewer than 3 characters: nothing asked of the provider
    expect((await visitor().get('/api/address-suggestions?input=12&city=Miami&zipcode=33139')).body).toEqual({
      suggestions: [],
    });
  });
});

describe('sessions: register, current user, logout, login', () => {
  /** Registers a new user of this run, named `{prefix}_{run}`, from a fresh session (201 expected). */
  const register = async (prefix: string, more: { fullName: string; phone: string; isBarber: boolean }) => {
    const client = newClient();
    const username = `${prefix}_${run}`;
    const email = `${username}@example.com`;
    const res = await client.post('/api/register', { username, email, password: PASSWORD, ...more });
    expectStatus(res, 201);
    return { client, res, username, email };
  };

  it('POST /api/register (customer tab) answers the user and signs in', async () => {
    const profile = { fullName: 'Carla Customer', phone: '305-555-0111', isBarber: false };
    const { client, res, username, email } = await register('cust', profile);
    expectFields(res.body, USER_FIELDS, 'register answer');
    expect(res.body).toMatchObject({
      username,
      email,
      fullName: 'Carla Customer',
      phone: '305-555-0111',
      role: 'customer',
      barberStatus: null,
    });
    Object.assign(customer, { client, id: res.body.id, username, email });
  });

  it('GET /api/current-user answers the user fields and barberStatus; 401 when signed out', async () => {
    const res = await customer.client.get('/api/current-user');
    expectStatus(res, 200);
    expectFields(res.body, [...USER_FIELDS, 'barberStatus'], 'current user');
    expect(res.body).toMatchObject({ id: customer.id, role: 'customer', barberStatus: null });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.body).not.toHaveProperty('password_hash');
    expect((await visitor().get('/api/current-user')).status).toBe(401);
  });

  it('POST /api/logout clears the session; POST /api/login (username, password) answers the user', async () => {
    expectStatus(await customer.client.post('/api/logout'), 200);
    expect((await customer.client.get('/api/current-user')).status).toBe(401);
    const res = await customer.client.post('/api/login', { username: customer.username, password: PASSWORD });
    expectStatus(res, 200);
    expectFields(res.body, [...USER_FIELDS, 'barberStatus'], 'login answer');
    expect(res.body.id).toBe(customer.id);
    expect((await customer.client.get('/api/current-user')).body.id).toBe(customer.id);
  });

  it('POST /api/register (barber tab) makes an applicant whose barberStatus is pending', async () => {
    const profile = { fullName: 'Bruno Barber', phone: '305-555-0122', isBarber: true };
    const { client, res, username, email } = await register('barb', profile);
    expect(res.body.barberStatus).toEqual({ verificationStatus: 'pending' });
    Object.assign(barber, { client, userId: res.body.id, username, email, password: PASSWORD });
    expect((await client.get('/api/current-user')).body.barberStatus).toEqual({ verificationStatus: 'pending' });
  });
});

describe('administrator: barbers and verification', () => {
  it('GET /api/admin/barbers (limit, offset) answers barbers, the applicant among them', async () => {
    const res = await admin.client.get('/api/admin/barbers?limit=10&offset=0');
    expectStatus(res, 200);
    const found = res.body.barbers.find((b: any) => b.user.username === barber.username);
    expectFields(
      found,
      ['id', 'bio', 'yearsOfExperience', 'cities', 'portfolioImages', 'isVerified', 'rating', 'reviewCount', 'user'],
      'admin barber',
    );
    expectFields(found.user, ['id', 'fullName', 'username', 'email', 'phone'], 'admin barber user');
    expect(found.isVerified).toBe(false);
    barber.barberId = found.id;
  });

  it('PUT /api/admin/barbers/{id}/verify (isVerified) verifies: the applicant becomes a barber', async () => {
    const res = await admin.client.put(`/api/admin/barbers/${barber.barberId}/verify`, { isVerified: true });
    expectStatus(res, 200);
    expect(res.body.isVerified).toBe(true);
    const me = await barber.client.get('/api/current-user');
    expect(me.body).toMatchObject({ role: 'barber', barberStatus: { verificationStatus: 'approved' } });
  });
});

describe('barber panel: profile, services, time blocks, settings', () => {
  it('GET /api/barber/profile answers barber and user', async () => {
    const res = await barber.client.get('/api/barber/profile');
    expectStatus(res, 200);
    expectFields(res.body.barber, BARBER_PROFILE_FIELDS, 'barber profile');
    expectFields(res.body.barber.user, ['id', 'fullName', 'username', 'email', 'phone'], 'barber profile user');
    expectFields(res.body.user, USER_FIELDS, 'profile user');
    expect(res.body.barber.id).toBe(barber.barberId);
    expect(res.body.user.id).toBe(barber.userId);
  });

  it('PUT /api/barbers/{id} (bio, yearsOfExperience, cities, portfolioImages)', async () => {
    const body = {
      bio: 'Fades, tapers and hot-towel shaves at your door.',
      yearsOfExperience: 7,
      cities: ['miami', 'fort_lauderdale'],
      portfolioImages: ['https://example.com/cut1.jpg'],
    };
    const res = await barber.client.put(`/api/barbers/${barber.barberId}`, body);
    expectStatus(res, 200);
    expect(res.body.barber).toMatchObject(body);
  });

  it('POST /api/barbers (same fields) creates a profile when there is none yet', async () => {
    const client = newClient();
    const username = `apply_${run}`;
    expectStatus(
      await client.post('/api/register', {
        username,
        email: `${username}@example.com`,
        password: PASSWORD,
        fullName: 'Abe Applicant',
        isBarber: false,
      }),
      201,
    );
    const res = await client.post('/api/barbers', {
      bio: 'Twenty years behind the chair.',
      yearsOfExperience: 20,
      cities: ['palm_beach'],
      portfolioImages: [],
    });
    expectStatus(res, 201);
    expectFields(res.body.barber, BARBER_PROFILE_FIELDS, 'created barber profile');
    expect(res.body.barber).toMatchObject({ yearsOfExperience: 20, cities: ['palm_beach'], isVerified: false });
    expect((await client.get('/api/current-user')).body.barberStatus).toEqual({ verificationStatus: 'pending' });
  });

  it('PUT /api/users/{id} (fullName, email, phone) answers the updated user', async () => {
    const res = await barber.client.put(`/api/users/${barber.userId}`, {
      fullName: 'Bruno B. Barber',
      email: barber.email,
      phone: '305-555-0133',
    });
    expectStatus(res, 200);
    expectFields(res.body, USER_FIELDS, 'updated user');
    expect(res.body).toMatchObject({ id: barber.userId, fullName: 'Bruno B. Barber', phone: '305-555-0133' });
  });

  it('PUT /api/barber/profile (blacklistedZipcodes)', async () => {
    const res = await barber.client.put('/api/barber/profile', { blacklistedZipcodes: ['33101'] });
    expectStatus(res, 200);
    expect(res.body.barber.blacklistedZipcodes).toEqual(['33101']);
  });

  it('POST /api/services (name, description, duration, price, category, isActive); GET /api/barber/services answers services', async () => {
    const res = await barber.client.post('/api/services', {
      name: 'Classic Cut',
      description: 'Scissor and clipper cut',
      duration: 30,
      price: 35,
      category: 'haircut',
      isActive: true,
    });
    expectStatus(res, 201);
    expectFields(res.body.service, SERVICE_FIELDS, 'created service');
    expect(res.body.service).toMatchObject({
      name: 'Classic Cut',
      duration: 30,
      price: '35.00',
      category: 'haircut',
      isActive: true,
    });
    state.serviceId = res.body.service.id;

    const list = await barber.client.get('/api/barber/services');
    expectStatus(list, 200);
    expect(list.body.services.map((s: any) => s.id)).toContain(state.serviceId);
    for (const s of list.body.services) expectFields(s, SERVICE_FIELDS, 'listed service');
  });

  it('PUT /api/services/{id} (name, description, duration, price) and DELETE /api/services/{id}', async () => {
    const made = await barber.client.post('/api/services', {
      name: 'Beard Trim',
      description: '',
      duration: 20,
      price: '25.00',
      category: 'grooming',
      isActive: true,
    });
    expectStatus(made, 201);
    const id = made.body.service.id;
    const put = await barber.client.put(`/api/services/${id}`, {
      name: 'Beard Sculpt',
      description: 'Line-up and oil',
      duration: 25,
      price: 27.5,
    });
    expectStatus(put, 200);
    expect(put.body.service).toMatchObject({
      id,
      name: 'Beard Sculpt',
      description: 'Line-up and oil',
      duration: 25,
      price: '27.50',
    });
    expectStatus(await barber.client.delete(`/api/services/${id}`), 200);
    const list = await barber.client.get('/api/barber/services');
    expect(list.body.services.map((s: any) => s.id)).not.toContain(id);
  });

  it('POST /api/availability, one block per selected day; GET /api/barber/availability answers the availability list', async () => {
    state.blockIds = [];
    for (const dayOfWeek of [0, 1, 2, 3, 4, 5, 6]) {
      const res = await barber.client.post('/api/availability', {
        dayOfWeek,
        startTime: '08:00',
        endTime: '20:00',
        serviceCounties: ['miami_dade'],
        serviceCities: [],
        travelBuffer: 30,
        isActive: true,
      });
      expectStatus(res, 201, `block of day ${dayOfWeek}`);
      expect(res.body.availability).toHaveLength(1);
      expectFields(res.body.availability[0], BLOCK_FIELDS, 'created block');
      state.blockIds.push(res.body.availability[0].id);
    }
    const list = await barber.client.get('/api/barber/availability');
    expectStatus(list, 200);
    expect(list.body.availability.map((b: any) => b.id).sort()).toEqual([...state.blockIds].sort());
    for (const b of list.body.availability) expectFields(b, BLOCK_FIELDS, 'listed block');
  });

  it('PUT /api/availability/{id} (same block) and DELETE /api/availability/{id}', async () => {
    const block = {
      dayOfWeek: 1,
      startTime: '06:00',
      endTime: '07:00',
      serviceCounties: ['broward'],
      serviceCities: ['Hollywood'],
      travelBuffer: 15,
      isActive: false,
    };
    const made = await barber.client.post('/api/availability', block);
    expectStatus(made, 201);
    const id = made.body.availability[0].id;
    const put = await barber.client.put(`/api/availability/${id}`, { ...block, endTime: '07:30', travelBuffer: 45 });
    expectStatus(put, 200);
    expect(put.body.block).toMatchObject({ id, endTime: '07:30', travelBuffer: 45, serviceCities: ['Hollywood'] });
    expectStatus(await barber.client.delete(`/api/availability/${id}`), 200);
    expect((await barber.client.get('/api/barber/availability')).body.availability.map((b: any) => b.id)).not.toContain(
      id,
    );
  });

  it('PUT /api/barber/notifications (six preference flags)', async () => {
    const flags = {
      emailBookingConfirmations: true,
      emailCancellations: false,
      emailReminders: true,
      smsBookingAlerts: true,
      smsCancellations: false,
      pushNotifications: true,
    };
    const res = await barber.client.put('/api/barber/notifications', flags);
    expectStatus(res, 200);
    expectFields(res.body.preferences, NOTIFICATION_PREFERENCE_FIELDS, 'preferences');
    expect(res.body.preferences).toEqual(flags);
    expect((await barber.client.get('/api/barber/notifications')).body.preferences).toEqual(flags);
  });

  it('PUT /api/auth/change-password (currentPassword, newPassword of 8+)', async () => {
    const short = await barber.client.put('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'short67',
    });
    expectStatus(short, 400);
    expect(short.body.message).toContain('Password must be at least 8 characters long.');
    const res = await barber.client.put('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'barber-secret-1',
    });
    expectStatus(res, 200);
    barber.password = 'barber-secret-1';
    await newClient().login(barber.username, barber.password);
  });
});

describe('customer: finding a barber', () => {
  it('GET /api/barbers (city; serviceCategory omitted for all) answers barbers with the listing fields', async () => {
    for (const url of ['/api/barbers?city=miami', '/api/barbers?city=miami&serviceCategory=haircut']) {
      const res = await customer.client.get(url);
      expectStatus(res, 200, url);
      const found = res.body.barbers.find((b: any) => b.id === barber.barberId);
      expectFields(found, BARBER_LISTING_FIELDS, `listing of ${url}`);
      expectFields(found.user, BARBER_USER_FIELDS, 'listing user');
      // Served without re-validation (barbers.routes.ts): the read model must already match the schema.
      for (const listing of res.body.barbers) expect(barberListingSchema.strict().parse(listing)).toEqual(listing);
      expect(found.rating).toMatch(NUMERIC_STRING);
      expect(found.reviewCount).toBeTypeOf('number');
      expect(found.isVerified).toBe(true);
      expect(found.cities).toEqual(['miami', 'fort_lauderdale']);
      expect(found.services.map((s: any) => s.id)).toContain(state.serviceId);
      for (const s of found.services) expect(s.price).toMatch(NUMERIC_STRING);
    }
    const grooming = await customer.client.get('/api/barbers?city=miami&serviceCategory=grooming');
    expect(grooming.body.barbers.map((b: any) => b.id)).not.toContain(barber.barberId);
  });

  it('GET /api/barbers/{id} answers barber, services, reviews', async () => {
    const res = await visitor().get(`/api/barbers/${barber.barberId}`);
    expectStatus(res, 200);
    expectFields(res.body.barber, BARBER_LISTING_FIELDS, 'barber');
    expect(barberListingSchema.strict().parse(res.body.barber)).toEqual(res.body.barber);
    expect(res.body.services.map((s: any) => s.id)).toEqual([state.serviceId]);
    expectFields(res.body.services[0], SERVICE_FIELDS, 'service');
    expect(res.body.reviews).toEqual([]);
  });

  it('GET /api/search/barbers (date, zipcode, optional startTime, endTime, serviceCategory) answers barbers with availableSlots and actualCitiesServed, and message', async () => {
    const res = await customer.client.get(`/api/search/barbers?date=${day}&zipcode=${ZIP}`);
    expectStatus(res, 200);
    // sent without a zod pass (plainJson): the answer must already be exactly its schema's shape
    expect(barberSearchAnswerSchema.parse(res.body)).toEqual(res.body);
    expect(res.body.message).toBeTypeOf('string');
    const found = res.body.barbers.find((b: any) => b.id === barber.barberId);
    expectFields(found, [...BARBER_LISTING_FIELDS, 'availableSlots', 'actualCitiesServed'], 'search result');
    expect(found.availableSlots.length).toBeGreaterThan(0);
    for (const s of found.availableSlots) expect(s).toMatch(HHMM);
    expect(found.actualCitiesServed).toBeInstanceOf(Array);
    state.slot = found.availableSlots.find((s: string) => s >= '10:00') ?? found.availableSlots[0];

    const narrowed = await customer.client.get(
      `/api/search/barbers?date=${day}&zipcode=${ZIP}&startTime=09:00&endTime=12:00&serviceCategory=haircut`,
    );
    expectStatus(narrowed, 200);
    const slots: string[] = narrowed.body.barbers.find((b: any) => b.id === barber.barberId).availableSlots;
    expect(slots.every((s) => s >= '09:00' && s <= '12:00')).toBe(true);

    const none = await customer.client.get(`/api/search/barbers?date=${day}&zipcode=33401`);
    expectStatus(none, 200);
    expect(none.body.barbers.map((b: any) => b.id)).not.toContain(barber.barberId);
    expect(none.body.message).toBeTypeOf('string');
  });

  it('the booking widget availability call (zipcode, date, serviceId) answers barbers, searchStatus, message, location.city and location.county', async () => {
    const res = await visitor().get(`/api/availability?zipcode=${ZIP}&date=${day}&serviceId=${state.serviceId}`);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      searchStatus: 'success',
      location: { city: 'Miami Beach', county: 'miami_dade' },
    });
    expect(res.body.message).toBeTypeOf('string');
    expect(res.body.barbers[0].availableSlots).toContain(state.slot);

    const away = await visitor().get(`/api/availability?zipcode=33401&date=${day}&serviceId=${state.serviceId}`);
    expect(away.body).toMatchObject({
      searchStatus: 'no_service_area',
      message: "This barber doesn't serve your area.",
      barbers: [],
    });
    expect(away.body.location).toEqual({ city: 'West Palm Beach', county: 'palm_beach' });
    const unknown = await visitor().get(`/api/availability?zipcode=99999&date=${day}&serviceId=${state.serviceId}`);
    expect(unknown.body).toMatchObject({ searchStatus: 'invalid_zipcode', barbers: [] });
    const farOff = await visitor().get(
      `/api/availability?zipcode=${ZIP}&date=${inDays(45)}&serviceId=${state.serviceId}`,
    );
    expect(farOff.body).toMatchObject({ searchStatus: 'no_availability', barbers: [] });
  });
});

describe('customer: booking, checkout and payment', () => {
  const payload = (startTime: string, endTime: string, extra: Record<string, unknown> = {}) => ({
    barberId: barber.barberId,
    serviceId: state.serviceId,
    date: `${day}T00:00:00.000Z`,
    startTime,
    endTime,
    totalAmount: '35.00',
    city: 'miami',
    zipcode: ZIP,
    notes: '',
    ...extra,
  });

  it('POST /api/bookings (the quick-book payload, date as an ISO datetime, notes empty) answers booking.id; a retry with the same Idempotency-Key answers the same booking', async () => {
    const [h, m] = state.slot.split(':').map(Number);
    const endTime = `${String(h! + (m! + 30 >= 60 ? 1 : 0)).padStart(2, '0')}:${String((m! + 30) % 60).padStart(2, '0')}`;
    const key = `contract-${run}`;
    const res = await customer.client.post('/api/bookings', payload(state.slot, endTime), { 'Idempotency-Key': key });
    expectStatus(res, 201);
    expect(res.body.booking.id).toMatch(/^[0-9a-f-]{36}$/);
    expectBookingAnswer(res.body, 'created booking');
    expect(res.body.booking).toMatchObject({
      status: 'pending',
      date: day,
      startTime: state.slot,
      endTime,
      totalAmount: '35.00',
      notes: '',
      city: 'miami',
    });
    state.bookingId = res.body.booking.id;
    const retry = await customer.client.post('/api/bookings', payload(state.slot, endTime), { 'Idempotency-Key': key });
    expectStatus(retry, 201);
    expect(retry.body.booking.id).toBe(state.bookingId);
    // the slot is gone from the widget now
    const widget = await visitor().get(`/api/availability?zipcode=${ZIP}&date=${day}&serviceId=${state.serviceId}`);
    expect(widget.body.barbers[0]?.availableSlots ?? []).not.toContain(state.slot);
  });

  it('POST /api/bookings refusals carry the documented codes: 403 ZIPCODE_BLACKLISTED, 400 with minimumAmount', async () => {
    const blacklisted = await customer.client.post('/api/bookings', payload('15:00', '15:30', { zipcode: '33101' }));
    expectStatus(blacklisted, 403);
    expect(blacklisted.body).toMatchObject({ code: 'ZIPCODE_BLACKLISTED' });
    await t.deps.settings.update({ minimumBookingAmount: 50 });
    try {
      const below = await customer.client.post('/api/bookings', payload('15:00', '15:30'));
      expectStatus(below, 400);
      expect(below.body).toMatchObject({ code: 'BELOW_MINIMUM', minimumAmount: 50 });
    } finally {
      await t.deps.settings.update({ minimumBookingAmount: 20 });
    }
  });

  it('GET /api/bookings/{id} answers booking with customer, service and barber', async () => {
    const res = await customer.client.get(`/api/bookings/${state.bookingId}`);
    expectStatus(res, 200);
    expectBookingAnswer(res.body, 'booking');
    expect(res.body.booking.customer).toMatchObject({
      firstName: 'Carla',
      lastName: 'Customer',
      fullName: 'Carla Customer',
      username: customer.username,
    });
    expect(res.body.booking.barber.user).toMatchObject({ fullName: 'Bruno B. Barber', email: barber.email });
    expect(res.body.booking.barber.yearsOfExperience).toBe(7);
    expect(res.body.booking.service).toMatchObject({ name: 'Classic Cut', duration: 30 });
  });

  it('PUT /api/bookings/{id}/status (status pending with customerPhone, customerAddress, apartmentUnit, specialInstructions) saves the details', async () => {
    const res = await customer.client.put(`/api/bookings/${state.bookingId}/status`, {
      status: 'pending',
      customerPhone: '(305) 555-0199',
      customerAddress: '1200 Ocean Dr, Miami Beach, FL 33139',
      apartmentUnit: '4B',
      specialInstructions: 'Ring twice',
    });
    expectStatus(res, 200);
    expectBookingAnswer(res.body, 'booking after its details');
    expect(res.body.booking).toMatchObject({
      status: 'pending',
      customerPhone: '(305) 555-0199',
      customerAddress: '1200 Ocean Dr, Miami Beach, FL 33139',
      apartmentUnit: '4B',
      specialInstructions: 'Ring twice',
    });
  });

  it('POST /api/create-payment-intent (bookingId) answers clientSecret', async () => {
    const res = await customer.client.post('/api/create-payment-intent', { bookingId: state.bookingId });
    expectStatus(res, 200);
    expect(res.body.clientSecret).toMatch(/^pi_.+_secret_/);
    state.intentId = intentIdOf(res.body.clientSecret);
    expect(stub.intents.get(state.intentId)?.amount).toBe(3500);
  });

  it('POST /api/stripe/webhook takes a signed event; POST /api/payments/confirm-return confirms the paid booking', async () => {
    const event = stub.succeed(state.intentId);
    const { payload: raw, headers } = signedWebhook(event, WEBHOOK_SECRET);
    called.add('POST /api/stripe/webhook');
    const hook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: raw, headers });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ received: true });

    const back = await customer.client.post('/api/payments/confirm-return', {
      paymentIntentId: state.intentId,
      redirectStatus: 'succeeded',
    });
    expectStatus(back, 200);
    expect(back.body).toEqual({ status: 'confirmed', bookingId: state.bookingId });
    const booking = (await customer.client.get(`/api/bookings/${state.bookingId}`)).body.booking;
    expect(booking).toMatchObject({
      status: 'confirmed',
      stripePaymentId: state.intentId,
      totalAmount: '35.00',
      platformFee: '3.50',
      barberAmount: '31.50',
    });
  });

  it('GET /api/my-bookings answers bookings', async () => {
    const res = await customer.client.get('/api/my-bookings');
    expectStatus(res, 200);
    const mine = res.body.bookings.find((b: any) => b.id === state.bookingId);
    expectBookingFields(mine, 'my booking');
    expect(mine.status).toBe('confirmed');
  });

  it('a customer cancels a pending booking with PUT /api/bookings/{id}/status (status cancelled)', async () => {
    const made = await customer.client.post('/api/bookings', payload('16:00', '16:30', { displayCity: 'Miami Beach' }));
    expectStatus(made, 201);
    const res = await customer.client.put(`/api/bookings/${made.body.booking.id}/status`, {
      status: 'cancelled',
      reason: 'Changed my plans',
    });
    expectStatus(res, 200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Cancelled by customer' });
  });

  it('with fee collection off, Confirm Appointment is PUT /api/bookings/{id}/status (status confirmed)', async () => {
    const patched = await admin.client.patch('/api/admin/settings', { feeCollectionEnabled: false });
    expectStatus(patched, 200);
    try {
      expect((await visitor().get('/api/fee-collection-status')).body).toEqual({ feeCollectionEnabled: false });
      const made = await customer.client.post('/api/bookings', payload('17:00', '17:30'));
      expectStatus(made, 201);
      expect(made.body.booking).toMatchObject({ platformFee: '0.00', barberAmount: '35.00' });
      const id = made.body.booking.id;
      expectStatus(
        await customer.client.put(`/api/bookings/${id}/status`, {
          status: 'pending',
          customerPhone: '305 555 0199',
          customerAddress: '1 Lincoln Rd',
        }),
        200,
      );
      const res = await customer.client.put(`/api/bookings/${id}/status`, { status: 'confirmed' });
      expectStatus(res, 200);
      expect(res.body.booking.status).toBe('confirmed');
      // the barber's details dialog: a date/time edit, then a cancellation with its reason
      const moved = await barber.client.put(`/api/bookings/${id}/update`, {
        status: 'confirmed',
        barberNotes: null,
        estimatedTravelTime: null,
        isEditingDateTime: true,
        date: `${inDays(4)}T00:00:00.000Z`,
        startTime: '18:00',
        endTime: '18:30',
      });
      expectStatus(moved, 200);
      expectBookingAnswer(moved.body, 'booking after a reschedule');
      expect(moved.body.booking).toMatchObject({
        date: inDays(4),
        startTime: '18:00',
        endTime: '18:30',
        status: 'confirmed',
      });
      const cancelled = await barber.client.put(`/api/bookings/${id}/update`, {
        status: 'cancelled',
        isEditingDateTime: false,
        cancellationReason: 'Car trouble',
      });
      expectStatus(cancelled, 200);
      expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Car trouble' });
    } finally {
      expectStatus(await admin.client.patch('/api/admin/settings', { feeCollectionEnabled: true }), 200);
    }
  });
});

describe('barber: appointments, status changes, earnings', () => {
  it('GET /api/barber-bookings[?date=] answers bookings and requestedDate', async () => {
    const upcoming = await barber.client.get('/api/barber-bookings');
    expectStatus(upcoming, 200);
    expect(upcoming.body.requestedDate).toBeNull();
    expect(upcoming.body.bookings.map((b: any) => b.id)).toContain(state.bookingId);
    const onDay = await barber.client.get(`/api/barber-bookings?date=${day}`);
    expectStatus(onDay, 200);
    expect(onDay.body.requestedDate).toBe(day);
    const booking = onDay.body.bookings.find((b: any) => b.id === state.bookingId);
    expectBookingFields(booking, 'barber booking');
    // barbers see the customer's contact details
    expect(booking).toMatchObject({
      customerPhone: '(305) 555-0199',
      customerAddress: '1200 Ocean Dr, Miami Beach, FL 33139',
    });
    expect(booking.customer).toMatchObject({ fullName: 'Carla Customer', email: customer.email });
  });

  it('PUT /api/bookings/{id}/update (status, barberNotes, estimatedTravelTime, isEditingDateTime)', async () => {
    // The appointment's hour has come (the injected clock; docs/design.md §3's time rules).
    clockAtAppointment(t, { date: day, startTime: state.slot });
    const res = await barber.client.put(`/api/bookings/${state.bookingId}/update`, {
      status: 'en_route',
      barberNotes: 'Gate code 1234',
      estimatedTravelTime: 25,
      isEditingDateTime: false,
    });
    expectStatus(res, 200);
    expect(res.body.booking).toMatchObject({
      status: 'en_route',
      barberNotes: 'Gate code 1234',
      estimatedTravelTime: 25,
    });
  });

  it('PUT /api/bookings/{id}/eta (addMinutes) moves the arrival time of the barber on the way (issue 13)', async () => {
    const before = (await customer.client.get(`/api/bookings/${state.bookingId}`)).body.booking;
    expect(before.etaAt).toEqual(expect.any(String));
    const res = await barber.client.put(`/api/bookings/${state.bookingId}/eta`, { addMinutes: 10 });
    expectStatus(res, 200);
    expectBookingAnswer(res.body, 'booking after an arrival time update');
    expect(res.body.booking.etaAt).toBe(new Date(Date.parse(before.etaAt) + 10 * 60_000).toISOString());
  });

  it('the quick actions move the booking on to completed', async () => {
    const arrived = await barber.client.put(`/api/bookings/${state.bookingId}/status`, { status: 'arrived' });
    expectStatus(arrived, 200, 'arrived');
    expect(arrived.body.booking.status).toBe('arrived');
    for (const status of ['in_progress', 'completed']) {
      const res = await barber.client.put(`/api/bookings/${state.bookingId}/update`, { status });
      expectStatus(res, 200, status);
      expect(res.body.booking.status).toBe(status);
    }
    setClock(t, undefined);
  });

  it('GET /api/barber-bookings/past (page, limit=10, before) answers bookings with serviceName and price, and hasMore', async () => {
    const res = await barber.client.get(`/api/barber-bookings/past?page=1&limit=10&before=${inDays(10)}`);
    expectStatus(res, 200);
    expect(res.body.hasMore).toBe(false);
    const past = res.body.bookings.find((b: any) => b.id === state.bookingId);
    expectBookingFields(past, 'past booking');
    expect(past).toMatchObject({ serviceName: 'Classic Cut', price: '35.00' });
    const one = await barber.client.get(`/api/barber-bookings/past?page=1&limit=1&before=${inDays(10)}`);
    expect(one.body.bookings).toHaveLength(1);
    expect(one.body.hasMore).toBe(true);
  });

  it('GET /api/barber/earnings (startDate, endDate) answers earnings {totalBookings, totalRevenue, netRevenue, platformFees}', async () => {
    const res = await barber.client.get(`/api/barber/earnings?startDate=${inDays(0)}&endDate=${inDays(10)}`);
    expectStatus(res, 200);
    expectFields(res.body.earnings, ['totalBookings', 'totalRevenue', 'netRevenue', 'platformFees'], 'earnings');
    expect(res.body.earnings).toMatchObject({
      totalBookings: 1,
      totalRevenue: 35,
      netRevenue: 31.5,
      platformFees: 3.5,
    });
    expect(res.body.earnings.newClients).toBe(1);
    expect(res.body.series.points.length).toBe(11);
  });

  it('GET /api/barber/earnings/export (startDate, endDate) downloads the range as text/csv', async () => {
    const res = await barber.client.get(`/api/barber/earnings/export?startDate=${inDays(0)}&endDate=${inDays(10)}`);
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(String(res.body).trim().split('\r\n')).toHaveLength(3);
  });

  it('GET /api/barber-bookings/dates (from, to) answers the dates with bookings', async () => {
    const res = await barber.client.get(`/api/barber-bookings/dates?from=${inDays(0)}&to=${inDays(30)}`);
    expectStatus(res, 200);
    expect(res.body.dates.length).toBeGreaterThan(0);
  });
});

describe('reviews (Leave Review, docs/design.md §9)', () => {
  it('POST /api/bookings/{id}/review (rating, comment) by the customer of the completed booking', async () => {
    const res = await customer.client.post(`/api/bookings/${state.bookingId}/review`, {
      rating: 5,
      comment: 'Sharp fade, on time.',
    });
    expectStatus(res, 201);
    expectFields(res.body.review, REVIEW_FIELDS, 'review');
    expect(res.body.review).toMatchObject({ rating: 5, comment: 'Sharp fade, on time.', barberResponse: null });
    state.reviewId = res.body.review.id;
    expect(
      (await customer.client.post(`/api/bookings/${state.bookingId}/review`, { rating: 4, comment: 'again' })).status,
    ).toBe(409);
  });

  it('GET /api/my-reviews: the bookings the customer reviewed, with their stars (My Bookings)', async () => {
    const res = await customer.client.get('/api/my-reviews');
    expectStatus(res, 200);
    expect(res.body).toEqual({ reviews: [{ bookingId: state.bookingId, rating: 5 }] });
  });

  it('PUT /api/reviews/{id}/response (barberResponse) by the reviewed barber; the profile shows it and the rating', async () => {
    const res = await barber.client.put(`/api/reviews/${state.reviewId}/response`, {
      barberResponse: 'Thanks, see you next time!',
    });
    expectStatus(res, 200);
    expect(res.body.review.barberResponse).toBe('Thanks, see you next time!');
    const profile = await visitor().get(`/api/barbers/${barber.barberId}`);
    expect(profile.body.barber).toMatchObject({ reviewCount: 1 });
    expect(Number(profile.body.barber.rating)).toBe(5);
    expect(profile.body.barber.rating).toMatch(NUMERIC_STRING);
    expectFields(profile.body.reviews[0], REVIEW_FIELDS, 'profile review');
    expect(profile.body.reviews[0]).toMatchObject({
      id: state.reviewId,
      rating: 5,
      barberResponse: 'Thanks, see you next time!',
    });
  });
});

describe('notifications bell', () => {
  it('GET /api/notifications, PUT /api/notifications/{id}/read, PUT /api/notifications/read-all', async () => {
    // notifications are written by the worker, which does not run here: two rows as it would write them
    const rows = await t.db.sql<{ id: number }[]>`
      INSERT INTO notifications (user_id, kind, title, body, booking_id)
      VALUES (${customer.id}, 'booking_confirmed', 'Booking confirmed', 'See you soon', ${state.bookingId}),
             (${customer.id}, 'reminder', 'Reminder', 'Tomorrow', ${state.bookingId})
      RETURNING id`;
    const list = await customer.client.get('/api/notifications');
    expectStatus(list, 200);
    expect(list.body.unreadCount).toBe(2);
    expectFields(list.body.notifications[0], ['id', 'title', 'body', 'bookingId', 'read', 'createdAt'], 'notification');
    const one = await customer.client.put(`/api/notifications/${rows[0]!.id}/read`);
    expectStatus(one, 200);
    expect(one.body.notification).toMatchObject({ id: rows[0]!.id, read: true });
    const all = await customer.client.put('/api/notifications/read-all');
    expectStatus(all, 200);
    expect(all.body).toEqual({ updated: 1, unreadCount: 0 });
    expect((await customer.client.get('/api/notifications')).body.unreadCount).toBe(0);
  });
});

describe('administrator area', () => {
  it('GET /api/admin/stats answers stats {totalBarbers, totalCustomers, totalBookings, totalRevenue}', async () => {
    const res = await admin.client.get('/api/admin/stats');
    expectStatus(res, 200);
    expectFields(res.body.stats, ['totalBarbers', 'totalCustomers', 'totalBookings', 'totalRevenue'], 'stats');
    expect(res.body.stats.totalBookings).toBeGreaterThanOrEqual(3);
    expect(res.body.stats.totalRevenue).toBe(35);
    expect(res.body.stats.totalBarbers).toBeGreaterThanOrEqual(1);
  });

  it('GET /api/admin/bookings (limit, offset) answers bookings with barberAmount and platformFee', async () => {
    const res = await admin.client.get('/api/admin/bookings?limit=50&offset=0');
    expectStatus(res, 200);
    const found = res.body.bookings.find((b: any) => b.id === state.bookingId);
    expectBookingFields(found, 'admin booking');
    expect(found).toMatchObject({ barberAmount: '31.50', platformFee: '3.50', status: 'completed' });
    const second = await admin.client.get('/api/admin/bookings?limit=1&offset=1');
    expect(second.body.bookings).toHaveLength(1);
    expect(second.body.bookings[0].id).not.toBe(res.body.bookings[0].id);
  });

  it('GET /api/admin/analytics (startDate, endDate), /api/admin/dashboard (days), /api/admin/reports/{kind} (CSV) and /api/admin/bookings/{id}/history', async () => {
    const analytics = await admin.client.get('/api/admin/analytics');
    expectStatus(analytics, 200);
    expectFields(analytics.body, ['startDate', 'endDate', 'totals', 'byDay', 'byRegion', 'topBarbers'], 'analytics');
    const dashboard = await admin.client.get('/api/admin/dashboard?days=7');
    expectStatus(dashboard, 200);
    expectFields(
      dashboard.body,
      ['start', 'end', 'prevStart', 'prevEnd', 'current', 'previous', 'series', 'topBarbers'],
      'dashboard',
    );
    const report = await admin.client.get('/api/admin/reports/earnings?startDate=2026-01-01&endDate=2026-01-31');
    expectStatus(report, 200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toBe(
      'attachment; filename="earnings-per-barber-2026-01-01-to-2026-01-31.csv"',
    );
    const history = await admin.client.get(`/api/admin/bookings/${state.bookingId}/history`);
    expectStatus(history, 200);
    expect(history.body.history[0]).toMatchObject({ type: 'created', actor: { role: 'customer' } });
  });

  it('PUT /api/admin/users/{userId}/password (newPassword)', async () => {
    const res = await admin.client.put(`/api/admin/users/${customer.id}/password`, { newPassword: 'set-by-admin' });
    expectStatus(res, 200);
    await newClient().login(customer.username, 'set-by-admin');
  });

  it('PUT /api/admin/users/{userId}/reset-account (newPassword) sets the password and ends the sessions', async () => {
    const res = await admin.client.put(`/api/admin/users/${customer.id}/reset-account`, { newPassword: PASSWORD });
    expectStatus(res, 200);
    expect((await customer.client.get('/api/current-user')).status).toBe(401);
    await customer.client.login(customer.username, PASSWORD);
  });

  it('PATCH /api/admin/profile (fullName, email, phone); the current user shows it', async () => {
    const res = await admin.client.patch('/api/admin/profile', {
      fullName: 'Ada Admin',
      email: `ada_${run}@example.com`,
      phone: '305-555-0177',
    });
    expectStatus(res, 200);
    expectFields(res.body, USER_FIELDS, 'admin profile');
    const me = await admin.client.get('/api/current-user');
    expect(me.body).toMatchObject({
      fullName: 'Ada Admin',
      email: `ada_${run}@example.com`,
      phone: '305-555-0177',
      role: 'admin',
    });
  });

  it('GET /api/admin/settings answers the settings object; PATCH /api/admin/settings takes the full object back', async () => {
    const res = await admin.client.get('/api/admin/settings');
    expectStatus(res, 200);
    expectFields(res.body, PLATFORM_SETTINGS_FIELDS, 'settings');
    const full = {
      ...res.body,
      platformName: 'Mobile Barber Test',
      platformFeePercentage: 12.5,
      rateLimitEnabled: false,
    };
    const patched = await admin.client.patch('/api/admin/settings', full);
    expectStatus(patched, 200);
    expect((await admin.client.get('/api/admin/settings')).body).toEqual(full);
    const outOfBounds = await admin.client.patch('/api/admin/settings', { ...full, platformFeePercentage: 31 });
    expectStatus(outOfBounds, 400);
    expectStatus(
      await admin.client.patch('/api/admin/settings', {
        ...full,
        platformName: 'Mobile Barber',
        platformFeePercentage: 10,
      }),
      200,
    );
  });

  it('GET /api/admin/jobs answers the queues', async () => {
    const res = await admin.client.get('/api/admin/jobs');
    expectStatus(res, 200);
    expect(res.body.queues.length).toBeGreaterThan(0);
    for (const q of res.body.queues) expectFields(q, ['name', 'counts', 'failed'], 'queue');
  });

  it('GET /api/admin/live-status answers how late live updates and notifications are', async () => {
    const res = await admin.client.get('/api/admin/live-status');
    expectStatus(res, 200);
    expectFields(res.body, ['liveUpdates', 'notifications'], 'live status');
  });
});

describe('calendars (issue 13)', () => {
  it('GET /api/barber/calendar-feed answers url; the feed answers text/calendar without a session; POST .../regenerate answers a new url', async () => {
    const res = await barber.client.get('/api/barber/calendar-feed');
    expectStatus(res, 200);
    const feed = await visitor().get(new URL(res.body.url).pathname);
    expectStatus(feed, 200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toContain(`UID:${state.bookingId}`);
    const again = await barber.client.post('/api/barber/calendar-feed/regenerate');
    expectStatus(again, 200);
    expect(again.body.url).not.toBe(res.body.url);
  });

  it("GET /api/bookings/{id}/ics answers the customer's booking as an .ics attachment", async () => {
    const res = await customer.client.get(`/api/bookings/${state.bookingId}/ics`);
    expectStatus(res, 200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/);
    expect(res.body).toContain(`UID:${state.bookingId}`);
  });
});

describe('waitlist (issue 13)', () => {
  it('POST /api/waitlist answers the entry; GET /api/waitlist lists it with its status; GET /api/barber/waitlist/counts counts it; DELETE /api/waitlist/{id} leaves it', async () => {
    const date = inDays(9);
    const joined = await customer.client.post('/api/waitlist', {
      barberId: barber.barberId,
      date,
      startTime: '10:00',
      endTime: '12:00',
    });
    expectStatus(joined, 201);
    expectFields(
      joined.body.entry,
      [
        'id',
        'barberId',
        'barberName',
        'serviceId',
        'serviceName',
        'date',
        'startTime',
        'endTime',
        'zipcode',
        'status',
        'notifiedAt',
        'notifiedSlot',
        'createdAt',
      ],
      'waitlist entry',
    );
    const list = await customer.client.get('/api/waitlist');
    expectStatus(list, 200);
    expect(list.body.entries).toContainEqual(expect.objectContaining({ id: joined.body.entry.id, status: 'waiting' }));
    const counts = await barber.client.get(`/api/barber/waitlist/counts?from=${date}&to=${date}`);
    expectStatus(counts, 200);
    expect(counts.body.counts).toEqual([{ date, count: 1 }]);
    expectStatus(await customer.client.delete(`/api/waitlist/${joined.body.entry.id}`), 200);
    expect((await customer.client.get('/api/waitlist')).body.entries.map((e: { id: number }) => e.id)).not.toContain(
      joined.body.entry.id,
    );
  });

  it('GET /api/waitlist/full-barbers answers the barbers whose day is full', async () => {
    const res = await visitor().get(`/api/waitlist/full-barbers?zipcode=${ZIP}&date=${day}`);
    expectStatus(res, 200);
    expect(Array.isArray(res.body.barbers)).toBe(true);
  });
});

describe('two-factor sign-in for administrators (issue 10)', () => {
  it('GET /api/auth/two-factor, POST .../setup, .../confirm, .../disable; POST /api/login answers 202 and POST /api/login/two-factor signs in', async () => {
    const { generate } = await import('otplib');
    const user = await createUser(t.db.sql, 'admin', { username: `admin2fa_${run}` });
    const client = newClient();
    await client.login(user.username, PASSWORD);
    expect((await client.get('/api/auth/two-factor')).body).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await client.post('/api/auth/two-factor/setup');
    expectStatus(setup, 200);
    expectFields(setup.body, ['secret', 'otpauthUrl', 'qrCode'], 'two-factor set-up');
    const confirm = await client.post('/api/auth/two-factor/confirm', {
      code: await generate({ secret: setup.body.secret }),
    });
    expectStatus(confirm, 200);
    expect(confirm.body.recoveryCodes).toHaveLength(10);

    const signIn = newClient();
    const first = await signIn.post('/api/login', { username: user.username, password: PASSWORD });
    expectStatus(first, 202);
    expect(first.body.twoFactorRequired).toBe(true);
    const second = await signIn.post('/api/login/two-factor', { code: confirm.body.recoveryCodes[0] });
    expectStatus(second, 200);
    expect(second.body.id).toBe(user.id);

    expectStatus(await signIn.post('/api/auth/two-factor/disable', { code: confirm.body.recoveryCodes[1] }), 200);
    expect((await signIn.get('/api/auth/two-factor')).body.enabled).toBe(false);
  });
});

describe('own password and the forgotten-password path', () => {
  it('PUT /api/users/{id}/password (currentPassword, newPassword)', async () => {
    const wrong = await customer.client.put(`/api/users/${customer.id}/password`, {
      currentPassword: 'not-it',
      newPassword: 'fresh-pass-1',
    });
    expectStatus(wrong, 400);
    const res = await customer.client.put(`/api/users/${customer.id}/password`, {
      currentPassword: PASSWORD,
      newPassword: 'fresh-pass-1',
    });
    expectStatus(res, 200);
    await newClient().login(customer.username, 'fresh-pass-1');
  });

  it('POST /api/forgot-password (email) answers ok either way; POST /api/reset-password (token, newPassword) sets the password once', async () => {
    const unknown = await visitor().post('/api/forgot-password', { email: `nobody_${run}@example.com` });
    expectStatus(unknown, 200);
    const res = await visitor().post('/api/forgot-password', { email: customer.email });
    expectStatus(res, 200);
    expect(res.body).toEqual(unknown.body);

    const job = (await passwordResetJobs(t)).find((j) => j.email === customer.email);
    expect(job, 'the reset email is queued').toBeDefined();
    const token = new URL(job!.resetUrl).searchParams.get('token')!;
    const reset = await visitor().post('/api/reset-password', { token, newPassword: 'after-reset-1' });
    expectStatus(reset, 200);
    expect((await visitor().post('/api/reset-password', { token, newPassword: 'after-reset-2' })).status).toBe(400);
    await newClient().login(customer.username, 'after-reset-1');
  });
});

describe('coverage', () => {
  it('called every route of the OpenAPI document (both call tables and the design’s additions)', async () => {
    const doc = (await visitor().get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(50);
    expect(uncalledRoutes(documented, called), 'documented routes this contract never calls').toEqual([]);
  });
});
