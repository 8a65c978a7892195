import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDaysLocal, todayLocal } from '@barber/shared';
import { clockAtAppointment, setClock } from '../bookings/testkit';
import { useTestApp } from '../test/app';
import { Client, type Answer } from '../test/client';
import { createBlocks, createService, createUser, PASSWORD, signedInClient, type UserFixture } from '../test/fixtures';
import { signedWebhook, startStripeStub } from '../test/stripeStub';
import { expectStatus, intentIdOf, slotAllocator, stripeEnv, WEBHOOK_SECRET } from './kit';

/*
 * Who may call what, for the whole API (docs/design.md §4: server-side authorization on every route). One row
 * per route (and per variant where the caller names a resource of someone else), each called as a
 * visitor, a customer, another customer, a barber, another barber and an administrator. The "customer"
 * and the "barber" own the resources (booking, service, block, review, notification, user); "other"
 * ones own their own but not these. Mutating rows make a fresh resource per call, so every caller
 * meets the same state. The table is checked against the OpenAPI document and the router: a route
 * added later without a row fails here.
 */

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });

const WHO = ['visitor', 'customer', 'otherCustomer', 'barber', 'otherBarber', 'admin'] as const;
type Who = (typeof WHO)[number];
type Expected = [
  visitor: number,
  customer: number,
  otherCustomer: number,
  barber: number,
  otherBarber: number,
  admin: number,
];

interface Call {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  /** METHOD and the path as the route is registered. */
  route: string;
  /** What distinguishes this row from another of the same route. */
  variant?: string;
  expected: Expected;
  call: (who: Who) => Promise<Call> | Call;
  /** A session other than the caller's shared one (rows that sign in, out or up, or change the caller). */
  caller?: (who: Who) => Promise<Client>;
  /** More than the status: what the caller may see. */
  check?: (who: Who, res: Answer) => void;
}

const users = {} as Record<Exclude<Who, 'visitor'>, UserFixture>;
const clients = {} as Record<Who, Client>;
let ownerServiceId: number;
let otherServiceId: number;
let bookingA: string; // the customer's pending booking with the barber, details saved
let waitlistEntryA: number; // the customer's waitlist entry for the barber
let waitlistDay = 0;
/** A date of the booking window for one more waitlist entry (each caller's entries are of different days). */
const waitlistDate = () => addDaysLocal(todayLocal(), 1 + (waitlistDay++ % 29));
let intentA: string;

const nextSlot = slotAllocator(2);
const PUBLIC: Expected = [200, 200, 200, 200, 200, 200];
const SIGNED_IN: Expected = [401, 200, 200, 200, 200, 200];
const ADMIN_ONLY: Expected = [401, 403, 403, 403, 403, 200];
/** Barber-panel calls on one's own data: an administrator must name a barber (400 without). */
const PANEL_OWN: Expected = [401, 403, 403, 200, 200, 400];
/** Barber-panel reads an administrator may make without naming a barber: every barber's. */
const PANEL_READ: Expected = [401, 403, 403, 200, 200, 200];
/** Barber-panel calls naming the barber with ?barberId=: the barber and administrators only. */
const PANEL_NAMED: Expected = [401, 403, 403, 200, 403, 200];
/** A resource of the barber (service, block, profile, booking change): its barber and administrators. */
const BARBER_OWNED: Expected = [401, 403, 403, 200, 403, 200];

const details = {
  status: 'pending',
  customerPhone: '(305) 555-0199',
  customerAddress: '1200 Ocean Dr, Miami Beach',
  apartmentUnit: '4B',
  specialInstructions: '',
};

const signIn = (user: UserFixture) => signedInClient(t.app, user);

/** A fresh session of the caller (a visitor's is anonymous). */
async function sessionOf(who: Who): Promise<Client> {
  return who === 'visitor' ? new Client(t.app) : signIn(users[who]);
}

/** The POST /api/bookings body of a booking with the barber, at the next free slot. */
function bookingBody() {
  const slot = nextSlot();
  return {
    barberId: users.barber.barberId,
    serviceId: ownerServiceId,
    date: `${slot.date}T00:00:00.000Z`,
    startTime: slot.startTime,
    endTime: slot.endTime,
    totalAmount: '35.00',
    city: 'miami',
    zipcode: '33139',
    notes: '',
  };
}

/** A pending booking of the customer with the barber, through POST /api/bookings. */
async function newBooking(options: { details?: boolean } = {}): Promise<string> {
  const res = await clients.customer.post('/api/bookings', bookingBody());
  expectStatus(res, 201, 'booking fixture');
  const id = res.body.booking.id as string;
  if (options.details)
    expectStatus(await clients.customer.put(`/api/bookings/${id}/status`, details), 200, 'details fixture');
  return id;
}

/** A booking paid through the Stripe stub and the return call, hence confirmed. */
async function confirmedBooking(): Promise<string> {
  const id = await newBooking({ details: true });
  const intent = await clients.customer.post('/api/create-payment-intent', { bookingId: id });
  expectStatus(intent, 200, 'intent fixture');
  const intentId = intentIdOf(intent.body.clientSecret);
  stub.succeed(intentId);
  const back = await clients.customer.post('/api/payments/confirm-return', {
    paymentIntentId: intentId,
    redirectStatus: 'succeeded',
  });
  expect(back.body.status).toBe('confirmed');
  return id;
}

/** Moves the app's clock to the booking's start: the barber's steps are allowed then (docs/design.md §3). */
async function atItsStart(id: string): Promise<string> {
  const { booking } = (await clients.customer.get(`/api/bookings/${id}`)).body;
  clockAtAppointment(t, booking);
  return id;
}

async function completedBooking(): Promise<string> {
  const id = await atItsStart(await confirmedBooking());
  for (const status of ['in_progress', 'completed']) {
    expectStatus(await clients.barber.put(`/api/bookings/${id}/update`, { status }), 200, `${status} fixture`);
  }
  setClock(t, undefined);
  return id;
}

async function newReview(): Promise<number> {
  const res = await clients.customer.post(`/api/bookings/${await completedBooking()}/review`, {
    rating: 4,
    comment: 'Good',
  });
  expectStatus(res, 201, 'review fixture');
  return res.body.review.id;
}

async function newService(): Promise<number> {
  return (await createService(t.db.sql, users.barber.barberId!, { name: 'Line up', priceCents: 2500 })).id;
}

async function newBlock(): Promise<number> {
  const res = await clients.barber.post('/api/availability', {
    dayOfWeek: 2,
    startTime: '05:00',
    endTime: '06:00',
    serviceCounties: ['broward'],
    isActive: false,
  });
  expectStatus(res, 201, 'block fixture');
  return res.body.availability[0].id;
}

async function customerNotification(): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    INSERT INTO notifications (user_id, kind, title, body) VALUES (${users.customer.id}, 'booking_confirmed', 'Booking confirmed', '') RETURNING id`;
  return row!.id;
}

/** Bodies of POST /api/services and POST /api/availability (inactive, so they change no search). */
const serviceBody = {
  name: 'Line up',
  description: '',
  duration: 15,
  price: 20,
  category: 'grooming',
  isActive: false,
};
const blockBody = {
  dayOfWeek: 3,
  startTime: '05:00',
  endTime: '06:00',
  serviceCounties: ['palm_beach'],
  isActive: false,
};

const named = (path: string) => `${path}?barberId=${users.barber.barberId}`;
/** A row whose call is one fixed URL (the route's path unless given), without a body, for every caller. */
const at = (route: string, expected: Expected, url = route.split(' ')[1]!): Row => ({
  route,
  expected,
  call: () => ({ url }),
});
/** The row of a barber-panel route called naming the barber with ?barberId= (its path is the route's). */
function naming(route: string, options: { body?: unknown; query?: () => string; expected?: Expected } = {}): Row {
  const path = route.split(' ')[1]!;
  return {
    route,
    variant: 'named',
    expected: options.expected ?? PANEL_NAMED,
    call: () => ({ url: named(path) + (options.query?.() ?? ''), body: options.body }),
  };
}
/** A barber-panel read, unnamed (the caller's own; an administrator's, every barber's) and naming the barber. */
function panelRead(route: string, query?: string): Row[] {
  const path = route.split(' ')[1]!;
  return [
    { route, expected: PANEL_READ, call: () => ({ url: query ? `${path}?${query}` : path }) },
    naming(route, { query: () => (query ? `&${query}` : '') }),
  ];
}
/** A barber-panel create, unnamed (an administrator must name a barber) and naming the barber. */
function panelCreate(route: string, body: unknown): Row[] {
  const path = route.split(' ')[1]!;
  return [
    { route, expected: [401, 403, 403, 201, 201, 400], call: () => ({ url: path, body }) },
    naming(route, { body, expected: [401, 403, 403, 201, 403, 201] }),
  ];
}
/** A row on a fresh resource for every call: `fresh` makes it and answers its id, which stands for `:id`. */
function onFresh(route: string, expected: Expected, fresh: () => Promise<number | string>, body?: unknown): Row {
  const path = route.split(' ')[1]!;
  return { route, expected, call: async () => ({ url: path.replace(':id', String(await fresh())), body }) };
}
const ids = (res: Answer, list = 'bookings'): unknown[] => (res.body[list] ?? []).map((b: { id: unknown }) => b.id);

const rows: Row[] = [
  /* ---------- accounts ---------- */
  {
    route: 'POST /api/register',
    expected: [201, 201, 201, 201, 201, 201],
    caller: sessionOf,
    call: () => {
      const username = `reg_${Math.random().toString(36).slice(2, 10)}`;
      return {
        url: '/api/register',
        body: {
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
          fullName: 'New Person',
          isBarber: false,
        },
      };
    },
    check: (_who, res) => expect(res.body.role).toBe('customer'),
  },
  {
    route: 'POST /api/login',
    expected: PUBLIC,
    caller: sessionOf,
    call: (who) => ({
      url: '/api/login',
      body: { username: users[who === 'visitor' ? 'customer' : who].username, password: PASSWORD },
    }),
  },
  { route: 'POST /api/logout', expected: PUBLIC, caller: sessionOf, call: () => ({ url: '/api/logout' }) },
  // Two-factor sign-in (issue 10): the code step needs a password step first (none here: 401 for all);
  // enrolment is an administrator's own (set-up first, so confirm meets a wrong code, not a missing secret).
  {
    route: 'POST /api/login/two-factor',
    expected: [401, 401, 401, 401, 401, 401],
    caller: sessionOf,
    call: () => ({ url: '/api/login/two-factor', body: { code: '123456' } }),
  },
  at('GET /api/auth/two-factor', ADMIN_ONLY),
  at('POST /api/auth/two-factor/setup', ADMIN_ONLY),
  {
    route: 'POST /api/auth/two-factor/confirm',
    expected: [401, 403, 403, 403, 403, 400],
    call: () => ({ url: '/api/auth/two-factor/confirm', body: { code: '000000' } }),
  },
  {
    route: 'POST /api/auth/two-factor/disable',
    expected: [401, 403, 403, 403, 403, 409],
    call: () => ({ url: '/api/auth/two-factor/disable', body: { code: '000000' } }),
  },
  {
    route: 'GET /api/current-user',
    expected: SIGNED_IN,
    call: () => ({ url: '/api/current-user' }),
    check: (who, res) => who !== 'visitor' && expect(res.body.id).toBe(users[who].id),
  },
  {
    route: 'PUT /api/users/:id',
    variant: "the customer's account",
    expected: [401, 200, 403, 403, 403, 200],
    call: () => ({
      url: `/api/users/${users.customer.id}`,
      body: { fullName: 'Carla Customer', email: `${users.customer.username}@example.com`, phone: '305-555-0100' },
    }),
  },
  {
    route: 'PUT /api/users/:id',
    variant: "the barber's account",
    expected: [401, 403, 403, 200, 403, 200],
    call: () => ({
      url: `/api/users/${users.barber.id}`,
      body: { fullName: 'Bruno Barber', email: `${users.barber.username}@example.com` },
    }),
  },
  {
    // own password only: administrators use PUT /api/admin/users/{userId}/password
    route: 'PUT /api/users/:id/password',
    expected: [401, 200, 403, 403, 403, 403],
    call: () => ({
      url: `/api/users/${users.customer.id}/password`,
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
    }),
  },
  {
    route: 'PUT /api/auth/change-password',
    expected: SIGNED_IN,
    call: () => ({ url: '/api/auth/change-password', body: { currentPassword: PASSWORD, newPassword: PASSWORD } }),
  },

  /* ---------- reference and platform ---------- */
  at('GET /api/zipcode/:zipcode/city', PUBLIC, '/api/zipcode/33139/city'),
  at('GET /api/validate-zipcode/:zipcode', PUBLIC, '/api/validate-zipcode/33139'),
  at('GET /api/counties/:county/zipcodes', PUBLIC, '/api/counties/broward/zipcodes'),
  at('GET /api/fee-collection-status', PUBLIC),
  at('GET /api/public-settings', PUBLIC),
  at('GET /api/address-suggestions', PUBLIC, '/api/address-suggestions?input=1200%20Ocean&city=miami&zipcode=33139'),
  {
    route: 'POST /api/forgot-password',
    expected: PUBLIC,
    call: () => ({ url: '/api/forgot-password', body: { email: 'nobody@example.com' } }),
  },
  {
    route: 'POST /api/reset-password',
    variant: 'an unknown token',
    expected: [400, 400, 400, 400, 400, 400],
    call: () => ({ url: '/api/reset-password', body: { token: 'x'.repeat(43), newPassword: 'whatever123' } }),
  },

  /* ---------- catalogue ---------- */
  at('GET /api/barbers', PUBLIC, '/api/barbers?city=miami'),
  { route: 'GET /api/barbers/:id', expected: PUBLIC, call: () => ({ url: `/api/barbers/${users.barber.barberId}` }) },
  {
    route: 'GET /api/search/barbers',
    expected: PUBLIC,
    call: () => ({ url: `/api/search/barbers?date=${nextSlot().date}&zipcode=33139` }),
  },
  {
    route: 'GET /api/availability',
    expected: PUBLIC,
    call: () => ({ url: `/api/availability?zipcode=33139&date=${nextSlot().date}&serviceId=${ownerServiceId}` }),
  },
  {
    // customers apply (fresh ones: applying changes them); barbers have a profile already; administrators may not
    route: 'POST /api/barbers',
    expected: [401, 201, 201, 409, 409, 403],
    caller: async (who) =>
      who === 'customer' || who === 'otherCustomer' ? signIn(await createUser(t.db.sql, 'customer')) : clients[who],
    call: () => ({
      url: '/api/barbers',
      body: { bio: 'Ten years of fades and beard work.', yearsOfExperience: 4, cities: ['miami'], portfolioImages: [] },
    }),
  },
  {
    route: 'PUT /api/barbers/:id',
    expected: BARBER_OWNED,
    call: () => ({ url: `/api/barbers/${users.barber.barberId}`, body: { yearsOfExperience: 10 } }),
  },
  {
    route: 'GET /api/barber/profile',
    expected: PANEL_OWN,
    call: () => ({ url: '/api/barber/profile' }),
    check: (who, res) => res.status === 200 && expect(res.body.barber.id).toBe(users[who as 'barber'].barberId),
  },
  naming('GET /api/barber/profile'),
  {
    route: 'PUT /api/barber/profile',
    expected: PANEL_OWN,
    call: () => ({ url: '/api/barber/profile', body: { blacklistedZipcodes: [] } }),
  },
  naming('PUT /api/barber/profile', { body: { blacklistedZipcodes: [] } }),
  // every signed-in user has notification preferences; only administrators may name a barber
  at('GET /api/barber/notifications', SIGNED_IN),
  naming('GET /api/barber/notifications'),
  {
    route: 'PUT /api/barber/notifications',
    expected: SIGNED_IN,
    call: () => ({ url: '/api/barber/notifications', body: { smsCancellations: true } }),
  },
  naming('PUT /api/barber/notifications', { body: { smsCancellations: true } }),
  {
    route: 'GET /api/barber/services',
    expected: PANEL_OWN,
    call: () => ({ url: '/api/barber/services' }),
    check: (who, res) => who === 'otherBarber' && expect(ids(res, 'services')).toEqual([otherServiceId]),
  },
  naming('GET /api/barber/services'),
  ...panelCreate('POST /api/services', serviceBody),
  onFresh('PUT /api/services/:id', BARBER_OWNED, newService, { name: 'Line up', price: 30 }),
  onFresh('DELETE /api/services/:id', BARBER_OWNED, newService),
  at('GET /api/barber/availability', PANEL_OWN),
  naming('GET /api/barber/availability'),
  ...panelCreate('POST /api/availability', blockBody),
  onFresh('PUT /api/availability/:id', BARBER_OWNED, newBlock, { endTime: '06:30' }),
  onFresh('DELETE /api/availability/:id', BARBER_OWNED, newBlock),
  {
    route: 'POST /api/bookings/:id/review',
    expected: [401, 201, 403, 403, 403, 403],
    call: async () => ({
      url: `/api/bookings/${await completedBooking()}/review`,
      body: { rating: 5, comment: 'Great' },
    }),
  },
  {
    route: 'GET /api/my-reviews',
    expected: SIGNED_IN,
    call: () => ({ url: '/api/my-reviews' }),
    // each caller reads only the reviews they wrote: none of the others' bookings
    check: (who, res) => who !== 'visitor' && who !== 'customer' && expect(res.body.reviews, who).toEqual([]),
  },
  onFresh('PUT /api/reviews/:id/response', [401, 403, 403, 200, 403, 403], newReview, { barberResponse: 'Thanks!' }),

  /* ---------- bookings ---------- */
  {
    route: 'POST /api/bookings',
    expected: [401, 201, 201, 403, 403, 403],
    call: () => ({ url: '/api/bookings', body: bookingBody() }),
  },
  {
    route: 'GET /api/bookings/:id',
    expected: [401, 200, 403, 200, 403, 200],
    call: () => ({ url: `/api/bookings/${bookingA}` }),
    check: (_who, res) => res.status === 403 && expect(res.body).not.toHaveProperty('booking'),
  },
  {
    route: 'PUT /api/bookings/:id/status',
    variant: 'save contact details (pending)',
    expected: [401, 200, 403, 403, 403, 403],
    call: async () => ({ url: `/api/bookings/${await newBooking()}/status`, body: details }),
  },
  {
    // allowed callers pass the guard and meet the payment rule (fee collection is on, the booking unpaid)
    route: 'PUT /api/bookings/:id/status',
    variant: 'confirm an unpaid booking',
    expected: [401, 409, 403, 409, 403, 409],
    call: async () => ({
      url: `/api/bookings/${await newBooking({ details: true })}/status`,
      body: { status: 'confirmed' },
    }),
  },
  {
    route: 'PUT /api/bookings/:id/status',
    variant: 'cancel',
    expected: [401, 200, 403, 200, 403, 200],
    call: async () => ({
      url: `/api/bookings/${await newBooking()}/status`,
      body: { status: 'cancelled', reason: 'Running late' },
    }),
  },
  {
    route: 'PUT /api/bookings/:id/status',
    variant: 'en route (a confirmed booking)',
    expected: [401, 403, 403, 200, 403, 200],
    call: async () => ({
      url: `/api/bookings/${await atItsStart(await confirmedBooking())}/status`,
      body: { status: 'en_route' },
    }),
  },
  {
    // the arrival time of a booking en route: its barber and administrators
    route: 'PUT /api/bookings/:id/eta',
    expected: BARBER_OWNED,
    call: async () => {
      const id = await atItsStart(await confirmedBooking());
      expectStatus(
        await clients.barber.put(`/api/bookings/${id}/status`, { status: 'en_route' }),
        200,
        'en route fixture',
      );
      return { url: `/api/bookings/${id}/eta`, body: { addMinutes: 10 } };
    },
  },
  {
    route: 'PUT /api/bookings/:id/update',
    expected: BARBER_OWNED,
    call: () => ({
      url: `/api/bookings/${bookingA}/update`,
      body: { barberNotes: 'Gate code 1234', estimatedTravelTime: 20, isEditingDateTime: false },
    }),
  },
  {
    route: 'GET /api/my-bookings',
    expected: SIGNED_IN,
    call: () => ({ url: '/api/my-bookings' }),
    check: (who, res) => who !== 'visitor' && expect(ids(res).includes(bookingA), who).toBe(who === 'customer'),
  },
  {
    route: 'GET /api/barber-bookings',
    expected: PANEL_READ,
    call: () => ({ url: '/api/barber-bookings' }),
    check: (who, res) => res.status === 200 && expect(ids(res).includes(bookingA), who).toBe(who !== 'otherBarber'),
  },
  naming('GET /api/barber-bookings'),
  ...panelRead('GET /api/barber-bookings/past', 'page=1&limit=10'),
  ...panelRead('GET /api/barber/earnings'),
  ...panelRead('GET /api/barber/earnings/export'),
  ...panelRead('GET /api/barber-bookings/dates', 'from=2026-01-01&to=2026-01-31'),

  /* ---------- calendars (issue 13) ---------- */
  at('GET /api/barber/calendar-feed', [401, 403, 403, 200, 200, 403]),
  at(
    'POST /api/barber/calendar-feed/regenerate',
    [401, 403, 403, 200, 200, 403],
    '/api/barber/calendar-feed/regenerate',
  ),
  {
    // the secret link is the credential: whoever holds it reads that barber's feed, with or without a session
    route: 'GET /api/calendar/:token.ics',
    expected: PUBLIC,
    call: async () => ({ url: new URL((await clients.barber.get('/api/barber/calendar-feed')).body.url).pathname }),
    check: (_who, res) => expect(res.body).toContain(`UID:${bookingA}`),
  },
  {
    route: 'GET /api/calendar/:token.ics',
    variant: 'an unknown link',
    expected: [404, 404, 404, 404, 404, 404],
    call: () => ({ url: `/api/calendar/${'A'.repeat(43)}.ics` }),
  },
  {
    route: 'GET /api/bookings/:id/ics',
    expected: [401, 200, 403, 403, 403, 403],
    call: () => ({ url: `/api/bookings/${bookingA}/ics` }),
    check: (_who, res) => res.status === 403 && expect(JSON.stringify(res.body)).not.toContain('BEGIN:VCALENDAR'),
  },

  /* ---------- payments ---------- */
  at('GET /api/stripe/config', PUBLIC),

  /* ---------- waitlist (issue 13) ---------- */
  {
    route: 'POST /api/waitlist',
    expected: [401, 201, 201, 403, 403, 403],
    call: () => ({ url: '/api/waitlist', body: { barberId: users.barber.barberId, date: waitlistDate() } }),
  },
  {
    route: 'GET /api/waitlist',
    expected: [401, 200, 200, 403, 403, 403],
    call: () => ({ url: '/api/waitlist' }),
    check: (who, res) =>
      res.status === 200 &&
      expect(
        res.body.entries.some((e: { id: number }) => e.id === waitlistEntryA),
        who,
      ).toBe(who === 'customer'),
  },
  {
    route: 'DELETE /api/waitlist/:id',
    expected: [401, 200, 403, 403, 403, 403],
    call: async () => {
      const joined = await clients.customer.post('/api/waitlist', {
        barberId: users.barber.barberId,
        date: waitlistDate(),
      });
      return { url: `/api/waitlist/${joined.body.entry.id}` };
    },
  },
  {
    route: 'GET /api/waitlist/full-barbers',
    expected: PUBLIC,
    call: () => ({ url: `/api/waitlist/full-barbers?zipcode=33139&date=${waitlistDate()}` }),
  },
  {
    route: 'GET /api/barber/waitlist/counts',
    expected: PANEL_OWN,
    call: () => ({ url: `/api/barber/waitlist/counts?from=${todayLocal()}&to=${addDaysLocal(todayLocal(), 30)}` }),
    check: (who, res) => res.status === 200 && expect(res.body.counts.length > 0, who).toBe(who === 'barber'),
  },
  naming('GET /api/barber/waitlist/counts', {
    query: () => `&from=${todayLocal()}&to=${addDaysLocal(todayLocal(), 30)}`,
  }),

  /* ---------- payments ---------- */
  at('GET /api/stripe/config', PUBLIC),
  {
    route: 'POST /api/create-payment-intent',
    expected: [401, 200, 403, 403, 403, 403],
    call: () => ({ url: '/api/create-payment-intent', body: { bookingId: bookingA } }),
  },
  {
    // someone else's intent answers exactly like an unknown one
    route: 'POST /api/payments/confirm-return',
    expected: SIGNED_IN,
    call: () => ({ url: '/api/payments/confirm-return', body: { paymentIntentId: intentA, redirectStatus: 'failed' } }),
    check: (who, res) =>
      who !== 'visitor' &&
      expect(res.body).toEqual(
        who === 'customer'
          ? { status: 'failed', bookingId: bookingA }
          : { status: 'no_pending_booking', bookingId: null },
      ),
  },
  {
    // authenticated by Stripe's signature, not by a session
    route: 'POST /api/stripe/webhook',
    variant: 'signed',
    expected: PUBLIC,
    call: () => {
      const { payload, headers } = signedWebhook(stub.fail(intentA), WEBHOOK_SECRET);
      return { url: '/api/stripe/webhook', body: payload, headers };
    },
  },
  {
    route: 'POST /api/stripe/webhook',
    variant: 'unsigned',
    expected: [400, 400, 400, 400, 400, 400],
    call: () => ({
      url: '/api/stripe/webhook',
      body: JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded' }),
      headers: { 'content-type': 'application/json' },
    }),
  },

  /* ---------- notifications ---------- */
  {
    route: 'GET /api/notifications',
    expected: SIGNED_IN,
    call: () => ({ url: '/api/notifications' }),
    check: (who, res) => who !== 'visitor' && who !== 'customer' && expect(res.body.notifications, who).toEqual([]),
  },
  at('PUT /api/notifications/read-all', SIGNED_IN),
  {
    // another user's notification is hidden: 404, as an unknown one
    route: 'PUT /api/notifications/:id/read',
    expected: [401, 200, 404, 404, 404, 404],
    call: async () => ({ url: `/api/notifications/${await customerNotification()}/read` }),
  },

  /* ---------- administrator ---------- */
  at('GET /api/admin/bookings', ADMIN_ONLY, '/api/admin/bookings?limit=50&offset=0'),
  at('GET /api/admin/stats', ADMIN_ONLY),
  at('GET /api/admin/analytics', ADMIN_ONLY, '/api/admin/analytics?startDate=2026-01-01&endDate=2026-01-31'),
  at('GET /api/admin/dashboard', ADMIN_ONLY, '/api/admin/dashboard?days=30'),
  at('GET /api/admin/reports/:kind', ADMIN_ONLY, '/api/admin/reports/bookings?startDate=2026-01-01&endDate=2026-01-31'),
  {
    route: 'GET /api/admin/bookings/:id/history',
    expected: ADMIN_ONLY,
    call: () => ({ url: `/api/admin/bookings/${bookingA}/history` }),
  },
  at('GET /api/admin/barbers', ADMIN_ONLY, '/api/admin/barbers?limit=10&offset=0'),
  {
    route: 'PUT /api/admin/barbers/:id/verify',
    expected: ADMIN_ONLY,
    call: async () => ({
      url: `/api/admin/barbers/${(await createUser(t.db.sql, 'barber', { verified: false })).barberId}/verify`,
      body: { isVerified: true },
    }),
  },
  {
    route: 'PUT /api/admin/users/:userId/password',
    expected: ADMIN_ONLY,
    call: async () => ({
      url: `/api/admin/users/${(await createUser(t.db.sql, 'customer')).id}/password`,
      body: { newPassword: 'newpass1' },
    }),
  },
  {
    route: 'PUT /api/admin/users/:userId/reset-account',
    expected: ADMIN_ONLY,
    call: async () => ({
      url: `/api/admin/users/${(await createUser(t.db.sql, 'customer')).id}/reset-account`,
      body: { newPassword: 'newpass2' },
    }),
  },
  {
    route: 'PATCH /api/admin/profile',
    expected: ADMIN_ONLY,
    call: () => ({
      url: '/api/admin/profile',
      body: { fullName: 'Ada Admin', email: `${users.admin.username}@example.com`, phone: '305-555-0199' },
    }),
  },
  at('GET /api/admin/settings', ADMIN_ONLY),
  {
    route: 'PATCH /api/admin/settings',
    expected: ADMIN_ONLY,
    call: () => ({ url: '/api/admin/settings', body: { platformName: 'Mobile Barber' } }),
  },
  at('GET /api/admin/jobs', ADMIN_ONLY),
  { route: 'GET /api/admin/live-status', expected: ADMIN_ONLY, call: () => ({ url: '/api/admin/live-status' }) },
];

/** Outside the table on purpose: process health and the documentation itself. */
const NOT_IN_TABLE = (route: string) =>
  ['GET /healthz', 'GET /readyz'].includes(route) || /^GET \/api\/docs(\/|$)/.test(route);

beforeAll(async () => {
  const { sql } = t.db;
  await t.deps.settings.update({ rateLimitEnabled: false, feeCollectionEnabled: true });
  for (const [who, role] of [
    ['customer', 'customer'],
    ['otherCustomer', 'customer'],
    ['barber', 'barber'],
    ['otherBarber', 'barber'],
    ['admin', 'admin'],
  ] as const) {
    users[who] = await createUser(sql, role);
    clients[who] = await signIn(users[who]);
  }
  clients.visitor = new Client(t.app);
  ownerServiceId = (await createService(sql, users.barber.barberId!)).id;
  otherServiceId = (await createService(sql, users.otherBarber.barberId!)).id;
  await createBlocks(sql, users.barber.barberId!);
  await createBlocks(sql, users.otherBarber.barberId!);
  bookingA = await newBooking({ details: true });
  const intent = await clients.customer.post('/api/create-payment-intent', { bookingId: bookingA });
  expectStatus(intent, 200, 'intent of booking A');
  intentA = intentIdOf(intent.body.clientSecret);
  await customerNotification();
  const joined = await clients.customer.post('/api/waitlist', {
    barberId: users.barber.barberId,
    date: waitlistDate(),
  });
  expectStatus(joined, 201, 'waitlist entry A');
  waitlistEntryA = joined.body.entry.id;
});
afterAll(async () => {
  await stub.close();
});

const methodOf = (route: string) => route.split(' ')[0]!;

/** Calls the route; a method with a body sends `{}` when the row names none. */
function send(
  client: Client,
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Answer> {
  return client.request(method, url, body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}), headers);
}
const title = (row: Row) => `${row.route}${row.variant ? ` (${row.variant})` : ''}`;

afterEach(() => setClock(t, undefined));

describe('who may call each route', () => {
  it.each(rows.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    const got = {} as Record<Who, number>;
    const want = {} as Record<Who, number>;
    for (const [i, who] of WHO.entries()) {
      const { url, body, headers } = await row.call(who);
      const client = row.caller ? await row.caller(who) : clients[who];
      const method = methodOf(row.route);
      const res = await send(client, method, url, body, headers);
      got[who] = res.status;
      want[who] = row.expected[i]!;
      expect(res.status, `${who}: ${JSON.stringify(res.body)}`).not.toBe(500);
      if (res.status === want[who]) row.check?.(who, res);
    }
    expect(got).toEqual(want);
  });

  it('a caller who may not call a route is refused before its input is read: malformed input changes no 401 or 403', async () => {
    const malformed = { price: 'not a number', date: 'never', status: 42, unexpected: true };
    const junk = 'date=never&from=never&to=never&startDate=never&page=-1&barberId=abc';
    const got: string[] = [];
    const want: string[] = [];
    for (const row of rows) {
      const method = methodOf(row.route);
      const refused = (['visitor', 'customer'] as const).filter(
        (who) => row.expected[WHO.indexOf(who)] === (who === 'visitor' ? 401 : 403) && !row.caller,
      );
      for (const who of refused) {
        if (who === 'customer' && !row.route.includes('/api/admin')) continue; // elsewhere a 403 may be about ownership
        const { url, headers } = await row.call(who);
        const res = await send(
          clients[who],
          method,
          `${url}${url.includes('?') ? '&' : '?'}${junk}`,
          malformed,
          headers,
        );
        got.push(`${who} ${title(row)} -> ${res.status}`);
        want.push(`${who} ${title(row)} -> ${who === 'visitor' ? 401 : 403}`);
      }
    }
    expect(got.length).toBeGreaterThan(50);
    expect(got).toEqual(want);
  });

  it('a refused call changes nothing', async () => {
    const serviceId = await newService();
    await clients.otherBarber.put(`/api/services/${serviceId}`, { price: 99 });
    await clients.customer.delete(`/api/services/${serviceId}`);
    const blockId = await newBlock();
    await clients.otherBarber.delete(`/api/availability/${blockId}`);
    await clients.otherCustomer.put(`/api/bookings/${bookingA}/status`, { status: 'cancelled' });
    await clients.otherBarber.put(`/api/bookings/${bookingA}/update`, {
      barberNotes: 'hijacked',
      status: 'cancelled',
      cancellationReason: 'x',
    });
    const [service] = await t.db.sql<{ price: number; deleted: boolean }[]>`
      SELECT price_cents AS price, deleted_at IS NOT NULL AS deleted FROM services WHERE id = ${serviceId}`;
    expect(service).toEqual({ price: 2500, deleted: false });
    expect(await t.db.sql`SELECT id FROM availability_blocks WHERE id = ${blockId}`).toHaveLength(1);
    const booking = (await clients.customer.get(`/api/bookings/${bookingA}`)).body.booking;
    expect(booking.status).toBe('pending');
    expect(booking.barberNotes).toBe('Gate code 1234');
  });

  it('resources that do not exist answer 404 to whoever may reach the route, so refusals above are about ownership', async () => {
    const missingBooking = '00000000-0000-4000-8000-000000000000';
    const cases: [Client, string, string, unknown][] = [
      [clients.customer, 'GET', `/api/bookings/${missingBooking}`, undefined],
      [clients.customer, 'PUT', `/api/bookings/${missingBooking}/status`, { status: 'cancelled' }],
      [clients.barber, 'PUT', `/api/bookings/${missingBooking}/update`, { barberNotes: 'x' }],
      [clients.customer, 'POST', `/api/bookings/${missingBooking}/review`, { rating: 5 }],
      [clients.customer, 'POST', '/api/create-payment-intent', { bookingId: missingBooking }],
      [clients.barber, 'PUT', '/api/services/999999', { price: 30 }],
      [clients.barber, 'DELETE', '/api/services/999999', undefined],
      [clients.barber, 'PUT', '/api/availability/999999', { endTime: '12:00' }],
      [clients.barber, 'DELETE', '/api/availability/999999', undefined],
      [clients.barber, 'PUT', '/api/reviews/999999/response', { barberResponse: 'x' }],
      [clients.barber, 'PUT', '/api/barbers/999999', { yearsOfExperience: 3 }],
      [clients.customer, 'PUT', '/api/notifications/999999/read', undefined],
      [clients.admin, 'PUT', '/api/users/999999', { fullName: 'No One', email: 'no.one@example.com' }],
      [clients.admin, 'PUT', '/api/admin/barbers/999999/verify', { isVerified: true }],
      [clients.admin, 'PUT', '/api/admin/users/999999/password', { newPassword: 'newpass1' }],
      [clients.admin, 'PUT', '/api/admin/users/999999/reset-account', { newPassword: 'newpass1' }],
      [clients.admin, 'GET', '/api/barber/profile?barberId=999999', undefined],
    ];
    const got: string[] = [];
    for (const [client, method, url, body] of cases)
      got.push(`${method} ${url} -> ${(await send(client, method, url, body)).status}`);
    expect(got).toEqual(cases.map(([, method, url]) => `${method} ${url} -> 404`));
  });
});

describe('the table covers the whole API', () => {
  const inTable = () => new Set(rows.map((r) => r.route));

  it('has a row for every path and method of the OpenAPI document, and no row for a route it lacks', async () => {
    const doc = (await clients.visitor.get('/api/docs/json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(50);
    expect(
      documented.filter((r) => !NOT_IN_TABLE(r) && !inTable().has(r)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...inTable()].filter((r) => !documented.includes(r)),
      'rows of routes the document lacks',
    ).toEqual([]);
  });

  it('has a row for every /api route the router serves, documented or hidden', () => {
    const served = routerRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(50);
    expect(
      served.filter((r) => r.includes(' /api/') && !NOT_IN_TABLE(r) && !inTable().has(r)),
      'served routes without a row',
    ).toEqual([]);
  });
});

describe('cross-site requests', () => {
  it('every state-changing /api route refuses a signed-in request without the CSRF header or a same-origin Origin', async () => {
    const changing = [...new Set(rows.map((r) => r.route))].filter(
      (r) => methodOf(r) !== 'GET' && r !== 'POST /api/stripe/webhook',
    );
    const got: string[] = [];
    for (const route of changing) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:id/g, path.startsWith('/api/bookings/') ? bookingA : '1').replace(/:\w+/g, '1');
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        payload: {},
        headers: { cookie: clients.admin.cookieHeader, origin: 'https://evil.example' },
      });
      got.push(`${route} -> ${res.statusCode} ${res.json().code}`);
    }
    expect(got).toEqual(changing.map((r) => `${r} -> 403 FORBIDDEN`));
  });
});

/*
 * docs/design.md §4: bad input is a 400 with a clear message, never a 500. Every route of the table, called by
 * a caller it admits, with each body field and query parameter (those it sends and those its schema documents)
 * and each path id replaced in turn by values no schema should take (wrong types, impossible dates and times, out-of-range numbers, huge text): never a 500, and every
 * 400 says what is wrong. Runs last: a mutation a route accepts may change what later rows would see.
 */
const WRONG_VALUES: unknown[] = [
  null,
  -1,
  1.5,
  1e308,
  '',
  'abc',
  '2025-02-30',
  '24:00',
  '9:5',
  'x'.repeat(5000),
  [],
  {},
  ['2025-13-01'],
];
const WRONG_TEXT = ['', 'abc', '-1', '1.5', '2025-02-30', '0000-01-01', '24:00', '1e309', 'x'.repeat(3000), '[]'];

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

/** The body fields and query parameters the route's documented schema names, sent or not by the table's call. */
function documentedInputs(doc: OpenApi, route: string): { body: string[]; query: string[] } {
  const [method, path] = route.split(' ') as [string, string];
  const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  return {
    body: Object.keys(operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    query: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  };
}

function mutations(
  url: string,
  body: unknown,
  documented: { body: string[]; query: string[] },
): { url: string; body: unknown; what: string }[] {
  const out: { url: string; body: unknown; what: string }[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of new Set([...Object.keys(body), ...documented.body]))
      for (const value of WRONG_VALUES)
        out.push({ url, body: { ...body, [key]: value }, what: `body.${key}=${JSON.stringify(value)?.slice(0, 20)}` });
  }
  const [path, query = ''] = url.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  for (const key of new Set([...params.keys(), ...documented.query]))
    for (const value of WRONG_TEXT) {
      const next = new URLSearchParams(params);
      next.set(key, value);
      out.push({ url: `${path}?${next}`, body, what: `?${key}=${value.slice(0, 20)}` });
    }
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    if (!/^\d+$|^[0-9a-f-]{36}$/.test(segment)) return;
    for (const value of WRONG_TEXT.filter(Boolean)) {
      const next = [...segments];
      next[i] = encodeURIComponent(value);
      out.push({
        url: `${next.join('/')}${query ? `?${query}` : ''}`,
        body,
        what: `path ${segment}->${value.slice(0, 20)}`,
      });
    }
  });
  return out;
}

describe('bad input never answers 500', () => {
  it('every route, each field, parameter and id replaced by a wrong value: a refusal with a message, never a 500', async () => {
    const doc = (await clients.visitor.get('/api/docs/json')).body as OpenApi;
    const failures: string[] = [];
    let calls = 0;
    for (const row of rows) {
      const who = WHO.find((w) => row.expected[WHO.indexOf(w)]! < 300);
      if (!who || row.route === 'POST /api/stripe/webhook') continue; // the webhook reads a signed raw body
      const method = methodOf(row.route);
      const client = row.caller ? await row.caller(who) : clients[who];
      const { url, body, headers } = await row.call(who);
      const sent = body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
      for (const m of mutations(url, sent, documentedInputs(doc, row.route))) {
        const res = await send(client, method, m.url, m.body, headers);
        calls++;
        const message = (res.body as { message?: unknown } | undefined)?.message;
        if (res.status >= 500 || (res.status === 400 && !(typeof message === 'string' && message.length > 0)))
          failures.push(`${title(row)} ${m.what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    expect(calls).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
  });
});

/** `METHOD /path` of every route in Fastify's printed radix tree (HEAD left out: Fastify adds it to GETs). */
function routerRoutes(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== 'HEAD'))
      out.push(`${method} ${path}`);
  }
  return out;
}
