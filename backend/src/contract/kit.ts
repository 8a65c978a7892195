import { addMinutesHHmm, bookingAnswerSchema } from '@barber/shared';
import { expect } from 'vitest';
import type { App } from '../app';
import { inDays } from '../bookings/testkit';
import { Client, type Answer } from '../test/client';

/** Helpers of the contract and authorization tests. */

export { inDays };
export { intentIdOf, stripeEnv, WEBHOOK_SECRET } from '../payments/testkit';

/** Fails with the answer in the message, so a wrong status shows the server's reason. */
export function expectStatus(res: Answer, status: number, what = ''): void {
  expect(res.status, `${what} answered ${res.status}: ${JSON.stringify(res.body)}`).toBe(status);
}

/** Every named field is present on the object (null allowed: "present" is the contract). */
export function expectFields(object: unknown, fields: readonly string[], what: string): void {
  expect(object !== null && typeof object === 'object', `${what} is missing`).toBe(true);
  const missing = fields.filter((f) => !(f in (object as Record<string, unknown>)));
  expect(missing, `${what} lacks fields`).toEqual([]);
}

export const NUMERIC_STRING = /^\d+(\.\d+)?$/;
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Unique one-hour-spaced slots inside the fixture blocks (08:00-20:00, 30-min services, 30-min travel
 * buffer): 11 a day from 08:00, days `firstDay`.. ahead, so bookings of one file never collide.
 */
export function slotAllocator(firstDay = 2): () => { date: string; startTime: string; endTime: string } {
  let n = 0;
  return () => {
    const i = n++;
    const startTime = `${String(8 + (i % 11)).padStart(2, '0')}:00`;
    return { date: inDays(firstDay + Math.floor(i / 11)), startTime, endTime: addMinutesHHmm(startTime, 30) };
  };
}

/* Field lists of the specifications' entities (customer-side §3, barber-and-admin §3). */

export const USER_FIELDS = [
  'id',
  'username',
  'fullName',
  'email',
  'phone',
  'address',
  'role',
  'createdAt',
  'updatedAt',
] as const;

export const BARBER_LISTING_FIELDS = [
  'id',
  'user',
  'portfolioImages',
  'rating',
  'reviewCount',
  'services',
  'cities',
  'isVerified',
  'yearsOfExperience',
  'bio',
] as const;
export const BARBER_USER_FIELDS = ['fullName', 'username', 'phone', 'email'] as const;

export const BARBER_PROFILE_FIELDS = [
  'id',
  'bio',
  'yearsOfExperience',
  'cities',
  'portfolioImages',
  'isVerified',
  'rating',
  'reviewCount',
  'blacklistedZipcodes',
  'user',
] as const;

export const SERVICE_FIELDS = ['id', 'name', 'description', 'duration', 'price', 'category', 'isActive'] as const;
export const REVIEW_FIELDS = ['id', 'rating', 'comment', 'createdAt', 'barberResponse'] as const;
export const BLOCK_FIELDS = [
  'id',
  'dayOfWeek',
  'startTime',
  'endTime',
  'serviceCounties',
  'serviceCities',
  'travelBuffer',
  'isActive',
] as const;

const BOOKING_FIELDS = [
  'id',
  'barberId',
  'serviceId',
  'date',
  'startTime',
  'endTime',
  'status',
  'totalAmount',
  'barberAmount',
  'platformFee',
  'city',
  'displayCity',
  'zipcode',
  'notes',
  'customerPhone',
  'customerAddress',
  'apartmentUnit',
  'specialInstructions',
  'stripePaymentId',
  'barberNotes',
  'estimatedTravelTime',
  'cancellationReason',
  'customer',
  'service',
  'barber',
] as const;
const BOOKING_CUSTOMER_FIELDS = ['firstName', 'lastName', 'fullName', 'username', 'email', 'phone'] as const;

export const NOTIFICATION_PREFERENCE_FIELDS = [
  'emailBookingConfirmations',
  'emailCancellations',
  'emailReminders',
  'smsBookingAlerts',
  'smsCancellations',
  'pushNotifications',
] as const;

export const PLATFORM_SETTINGS_FIELDS = [
  'platformName',
  'platformDescription',
  'maintenanceMode',
  'registrationEnabled',
  'emailNotifications',
  'smsNotifications',
  'pushNotifications',
  'bookingNotifications',
  'passwordMinLength',
  'sessionTimeout',
  'twoFactorEnabled',
  'ipWhitelist',
  'platformFeePercentage',
  'minimumBookingAmount',
  'cancellationWindow',
  'autoApproveBarbers',
  'feeCollectionEnabled',
  'rateLimitEnabled',
  'maxRequestsPerMinute',
  'maxLoginAttempts',
  'loginCooldownMinutes',
] as const;

/** A booking answer carries the fields of both specifications, with the nested parties. */
export function expectBookingFields(booking: Record<string, any>, what: string): void {
  expectFields(booking, BOOKING_FIELDS, what);
  expectFields(booking.customer, BOOKING_CUSTOMER_FIELDS, `${what}.customer`);
  expectFields(booking.service, ['name', 'duration'], `${what}.service`);
  expectFields(booking.barber, ['yearsOfExperience', 'user'], `${what}.barber`);
  expectFields(booking.barber.user, ['fullName', 'email'], `${what}.barber.user`);
  expect(booking.date, `${what}.date`).toMatch(LOCAL_DATE);
  expect(booking.startTime, `${what}.startTime`).toMatch(HHMM);
  expect(booking.endTime, `${what}.endTime`).toMatch(HHMM);
  for (const money of ['totalAmount', 'barberAmount', 'platformFee'] as const)
    expect(booking[money], `${what}.${money}`).toMatch(NUMERIC_STRING);
}

/**
 * The answer of a booking route: the routes send it without a zod pass (plainJson), so it must already
 * be exactly what its schema gives, nothing stripped, nothing transformed, and carry the fields the screens read.
 */
export function expectBookingAnswer(body: Record<string, any>, what: string): void {
  expect(bookingAnswerSchema.parse(body), `${what}: the answer is its schema's shape`).toEqual(body);
  expectBookingFields(body.booking, what);
}

/** A Client that notes every `METHOD /path` it calls, so a test can tell which routes it reached. */
export class RecordingClient extends Client {
  constructor(
    app: App,
    private readonly log: Set<string>,
  ) {
    super(app);
  }

  override request<T = any>(...args: Parameters<Client['request']>): Promise<Answer<T>> {
    const [method, url] = args;
    this.log.add(`${method} ${url.split('?')[0]}`);
    return super.request<T>(...args);
  }
}

/** The documented `METHOD /path/{param}` routes that none of the called `METHOD /path` matches. */
export function uncalledRoutes(documented: string[], called: Iterable<string>): string[] {
  const calls = [...called];
  return documented.filter((route) => {
    const [method, path] = route.split(' ') as [string, string];
    const pattern = new RegExp(`^${method} ${path.replace(/\{\w+\}/g, '[^/]+')}$`);
    return !calls.some((c) => pattern.test(c));
  });
}
