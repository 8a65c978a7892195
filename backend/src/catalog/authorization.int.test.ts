import { addDaysLocal, todayLocal } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { createService, createUser, signedInClient, type UserFixture } from '../test/fixtures';
import { blockHours, insertBooking } from './testData';

/*
 * Who may call each catalogue route (server-side, docs/design.md §4): a visitor, a customer, the barber who
 * owns the resource, another barber, an administrator. Barber-panel calls made by the other barber
 * name the owner with ?barberId= (refused: only administrators may); administrators name the owner too.
 */
const t = useTestApp();

type Who = 'visitor' | 'customer' | 'barber' | 'otherBarber' | 'admin';
const WHO: Who[] = ['visitor', 'customer', 'barber', 'otherBarber', 'admin'];

let owner: UserFixture;
let other: UserFixture;
let customer: UserFixture;
let admin: UserFixture;
const clients = {} as Record<Who, Client>;
let ownerService: number;
let daysBack = 5;

interface Call {
  url: string;
  body?: unknown;
}
interface Case {
  route: string;
  expected: [visitor: number, customer: number, barber: number, otherBarber: number, admin: number];
  call: (who: Who) => Call | Promise<Call>;
}

const PUBLIC: Case['expected'] = [200, 200, 200, 200, 200];
/** The barber who owns the resource and administrators. */
const OWNER: Case['expected'] = [401, 403, 200, 403, 200];
const OWNER_CREATES: Case['expected'] = [401, 403, 201, 403, 201];
/** The method of a route (`METHOD /path`). */
const methodOf = (route: string) => route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';

/** ?barberId=owner for callers who must name the barber (administrators) or try another's (other barber). */
const scope = (who: Who) => (who === 'admin' || who === 'otherBarber' ? `?barberId=${owner.barberId}` : '');

const block = { dayOfWeek: 1, ...blockHours };

async function newService(): Promise<number> {
  return (await createService(t.db.sql, owner.barberId!)).id;
}
/** Inactive: these repeat on the same times and would overlap. */
async function newBlock(): Promise<number> {
  const [row] = await t.db.sql<{ id: number }[]>`
    INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, is_active)
    VALUES (${owner.barberId}, 1, '09:00', '17:00', '{miami_dade}', false) RETURNING id`;
  return row!.id;
}
async function completedBooking(): Promise<string> {
  return insertBooking(t.db.sql, {
    customerId: customer.id,
    barberId: owner.barberId!,
    serviceId: ownerService,
    date: addDaysLocal(todayLocal(), -daysBack++),
    startTime: '10:00',
    status: 'completed',
  });
}
async function newReview(): Promise<number> {
  const bookingId = await completedBooking();
  const [row] = await t.db.sql<{ id: number }[]>`
    INSERT INTO reviews (barber_id, customer_id, booking_id, rating) VALUES (${owner.barberId}, ${customer.id}, ${bookingId}, 5) RETURNING id`;
  return row!.id;
}

const day = addDaysLocal(todayLocal(), 2);
const profileBody = { bio: 'Ten years of fades and beard work.', yearsOfExperience: 4, cities: ['miami'] };

const cases: Case[] = [
  { route: 'GET /api/barbers', expected: PUBLIC, call: () => ({ url: '/api/barbers' }) },
  { route: 'GET /api/barbers/:id', expected: PUBLIC, call: () => ({ url: `/api/barbers/${owner.barberId}` }) },
  {
    route: 'GET /api/search/barbers',
    expected: PUBLIC,
    call: () => ({ url: `/api/search/barbers?date=${day}&zipcode=33130` }),
  },
  {
    route: 'GET /api/availability',
    expected: PUBLIC,
    call: () => ({ url: `/api/availability?zipcode=33130&date=${day}&serviceId=${ownerService}` }),
  },
  // customers may apply; barbers already have a profile; administrators have none to create
  {
    route: 'POST /api/barbers',
    expected: [401, 201, 409, 409, 403],
    call: () => ({ url: '/api/barbers', body: profileBody }),
  },
  {
    route: 'PUT /api/barbers/:id',
    expected: OWNER,
    call: () => ({ url: `/api/barbers/${owner.barberId}`, body: profileBody }),
  },
  { route: 'GET /api/barber/profile', expected: OWNER, call: (who) => ({ url: `/api/barber/profile${scope(who)}` }) },
  {
    route: 'PUT /api/barber/profile',
    expected: OWNER,
    call: (who) => ({ url: `/api/barber/profile${scope(who)}`, body: { blacklistedZipcodes: ['33101'] } }),
  },
  { route: 'GET /api/barber/services', expected: OWNER, call: (who) => ({ url: `/api/barber/services${scope(who)}` }) },
  {
    route: 'POST /api/services',
    expected: OWNER_CREATES,
    call: (who) => ({ url: `/api/services${scope(who)}`, body: { name: 'Line up', duration: 15, price: 10 } }),
  },
  {
    route: 'PUT /api/services/:id',
    expected: OWNER,
    call: async () => ({ url: `/api/services/${await newService()}`, body: { price: 30 } }),
  },
  {
    route: 'DELETE /api/services/:id',
    expected: OWNER,
    call: async () => ({ url: `/api/services/${await newService()}` }),
  },
  {
    route: 'GET /api/barber/availability',
    expected: OWNER,
    call: (who) => ({ url: `/api/barber/availability${scope(who)}` }),
  },
  {
    route: 'POST /api/availability',
    expected: OWNER_CREATES,
    call: (who) => ({ url: `/api/availability${scope(who)}`, body: { ...block, isActive: false } }),
  }, // inactive: the two accepted calls would overlap
  {
    route: 'PUT /api/availability/:id',
    expected: OWNER,
    call: async () => ({ url: `/api/availability/${await newBlock()}`, body: { endTime: '12:00' } }),
  },
  {
    route: 'DELETE /api/availability/:id',
    expected: OWNER,
    call: async () => ({ url: `/api/availability/${await newBlock()}` }),
  },
  // every signed-in user has preferences; only administrators may name a barber
  {
    route: 'GET /api/barber/notifications',
    expected: [401, 200, 200, 403, 200],
    call: (who) => ({ url: `/api/barber/notifications${scope(who)}` }),
  },
  {
    route: 'PUT /api/barber/notifications',
    expected: [401, 200, 200, 403, 200],
    call: (who) => ({ url: `/api/barber/notifications${scope(who)}`, body: { smsCancellations: true } }),
  },
  {
    route: 'POST /api/bookings/:id/review',
    expected: [401, 201, 403, 403, 403],
    call: async () => ({
      url: `/api/bookings/${await completedBooking()}/review`,
      body: { rating: 4, comment: 'Good' },
    }),
  },
  {
    route: 'PUT /api/reviews/:id/response',
    expected: [401, 403, 200, 403, 403],
    call: async () => ({ url: `/api/reviews/${await newReview()}/response`, body: { barberResponse: 'Thanks!' } }),
  },
];

beforeAll(async () => {
  const { sql } = t.db;
  await t.deps.settings.update({ rateLimitEnabled: false });
  owner = await createUser(sql, 'barber');
  other = await createUser(sql, 'barber');
  customer = await createUser(sql, 'customer');
  admin = await createUser(sql, 'admin');
  ownerService = (await createService(sql, owner.barberId!)).id;
  clients.visitor = new Client(t.app);
  clients.customer = await signedInClient(t.app, customer);
  clients.barber = await signedInClient(t.app, owner);
  clients.otherBarber = await signedInClient(t.app, other);
  clients.admin = await signedInClient(t.app, admin);
});

describe('authorization of the catalogue routes', () => {
  it.each(cases)('$route', async ({ route, call, expected }) => {
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const [i, who] of WHO.entries()) {
      const { url, body } = await call(who);
      const res = await clients[who].request(methodOf(route), url, body);
      got[who] = res.status;
      want[who] = expected[i]!;
    }
    expect(got).toEqual(want);
  });

  it('changes nothing on a refused call', async () => {
    const serviceId = await newService();
    await clients.otherBarber.put(`/api/services/${serviceId}`, { price: 99 });
    await clients.customer.delete(`/api/services/${serviceId}`);
    const [row] = await t.db.sql<{ price: number; deleted: boolean }[]>`
      SELECT price_cents AS price, deleted_at IS NOT NULL AS deleted FROM services WHERE id = ${serviceId}`;
    expect(row).toEqual({ price: 3500, deleted: false });
  });
});
