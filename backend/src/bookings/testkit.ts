import { addDaysLocal, todayLocal, toInstant, type PlatformSettings } from '@barber/shared';
import { afterEach, beforeAll } from 'vitest';
import type { TestApp } from '../test/app';
import type { Client } from '../test/client';
import { createBlocks, createService, createUser, signedInClient, type UserFixture } from '../test/fixtures';

/** Test helpers of the booking tests: signed-in people and a bookable barber. */

export interface Person {
  user: UserFixture;
  client: Client;
}

export async function signedIn(
  t: TestApp,
  role: 'customer' | 'barber' | 'admin',
  options: { verified?: boolean } = {},
): Promise<Person> {
  const user = await createUser(t.db.sql, role, options);
  return { user, client: await signedInClient(t.app, user) };
}

/** People signed in, one a role given, made in that order. */
export async function signedInAs<const R extends readonly ('customer' | 'barber' | 'admin')[]>(
  t: TestApp,
  ...roles: R
): Promise<{ -readonly [K in keyof R]: Person }> {
  const people: Person[] = [];
  for (const role of roles) people.push(await signedIn(t, role));
  return people as { -readonly [K in keyof R]: Person };
}

/** A bookable barber (the defaults of bookableBarber), then people signed in, one a role given, in that order. */
export async function barberAnd<const R extends readonly ('customer' | 'barber' | 'admin')[]>(
  t: TestApp,
  ...roles: R
): Promise<[BookableBarber, ...{ -readonly [K in keyof R]: Person }]> {
  const barber = await bookableBarber(t);
  return [barber, ...(await signedInAs(t, ...roles))];
}

/**
 * The set-up the booking test files share: before the file's own set-up, the platform settings given
 * (rate limits and fee collection off unless said otherwise); after each test, the app's real clock again.
 */
export function useBookingRules(
  t: TestApp,
  settings: Partial<PlatformSettings> = { rateLimitEnabled: false, feeCollectionEnabled: false },
): void {
  beforeAll(async () => {
    await t.deps.settings.update(settings);
  });
  afterEach(() => setClock(t, undefined));
}

export interface BookableBarber extends Person {
  barberId: number;
  service: { id: number; duration: number; priceCents: number };
}

/** A verified barber with a 30-minute $35 haircut and blocks 08:00-20:00 every day in all three counties. */
export async function bookableBarber(
  t: TestApp,
  options: { duration?: number; priceCents?: number; travelBuffer?: number } = {},
): Promise<BookableBarber> {
  const person = await signedIn(t, 'barber');
  const barberId = person.user.barberId!;
  const service = await createService(t.db.sql, barberId, {
    duration: options.duration,
    priceCents: options.priceCents,
  });
  await createBlocks(t.db.sql, barberId, { travelBuffer: options.travelBuffer ?? 30 });
  return { ...person, barberId, service };
}

/** A New York date n days from today. */
export function inDays(n: number): string {
  return addDaysLocal(todayLocal(), n);
}

export function addMinutes(hhmm: string, minutes: number): string {
  const [h, m] = hhmm.split(':').map(Number);
  const total = h! * 60 + m! + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The body of POST /api/bookings as the booking widget sends it. */
export function bookingBody(
  barber: { barberId: number; service: { id: number; duration: number; priceCents: number } },
  overrides: Record<string, unknown> = {},
) {
  const startTime = (overrides.startTime as string | undefined) ?? '10:00';
  return {
    barberId: barber.barberId,
    serviceId: barber.service.id,
    date: `${inDays(3)}T00:00:00.000Z`,
    startTime,
    endTime: addMinutes(startTime, barber.service.duration),
    totalAmount: (barber.service.priceCents / 100).toFixed(2),
    city: 'miami',
    zipcode: '33139',
    notes: '',
    ...overrides,
  };
}

export const details = {
  status: 'pending',
  customerPhone: '(305) 555-0199',
  customerAddress: '1200 Ocean Dr, Miami Beach',
  apartmentUnit: '4B',
  specialInstructions: 'Ring twice',
};

/**
 * Moves the app's injected clock (deps.clock, read by the booking rules) to `at`, or back to the
 * real clock with undefined. Bookings are made ahead; a test then moves the clock to the appointment.
 */
export function setClock(t: TestApp, at: Date | undefined): void {
  t.deps.clock = at ? () => at : undefined;
}

/** The app's clock set to an appointment's start plus some minutes (New York wall clock). */
export function clockAtAppointment(
  t: TestApp,
  booking: { date: string; startTime: string },
  minutesAfterStart = 1,
): Date {
  const at = new Date(toInstant(booking.date.slice(0, 10), booking.startTime).getTime() + minutesAfterStart * 60_000);
  setClock(t, at);
  return at;
}
