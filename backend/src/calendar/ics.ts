import { bookingStatusLabel, type BookingStatus } from '@barber/shared';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import type { Sql } from '../db/connect';

/**
 * iCalendar (RFC 5545) of bookings, written by ical-generator (escaping, line folding, UTC stamps and the
 * calendar properties Google and Apple Calendar read are its job). Times are in UTC (`DTSTART:...Z`), so
 * no VTIMEZONE is needed; UID is the booking id and SEQUENCE its stream version, so a calendar that fetches
 * again replaces the event it has by the newer one (a reschedule, a cancellation).
 */

export interface CalendarBookingRow {
  id: string;
  version: number;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  updatedAt: Date;
  customerAddress: string | null;
  apartmentUnit: string | null;
  displayCity: string | null;
  zipcode: string;
  customerPhone: string | null;
  specialInstructions: string | null;
  notes: string;
  serviceName: string | null;
  customerName: string | null;
  barberName: string | null;
  barberPhone: string | null;
}

const COLUMNS = `
  b.id, b.version, b.status, b.starts_at AS "startsAt", b.ends_at AS "endsAt", b.created_at AS "createdAt",
  b.updated_at AS "updatedAt", b.customer_address AS "customerAddress", b.apartment_unit AS "apartmentUnit",
  b.display_city AS "displayCity", b.zipcode, b.customer_phone AS "customerPhone",
  b.special_instructions AS "specialInstructions", b.notes, coalesce(b.service_name, s.name) AS "serviceName",
  coalesce(nullif(cu.full_name, ''), cu.username) AS "customerName",
  coalesce(nullif(bu.full_name, ''), bu.username) AS "barberName", bu.phone AS "barberPhone"
  FROM bookings b
  LEFT JOIN services s ON s.id = b.service_id
  LEFT JOIN users cu ON cu.id = b.customer_id
  LEFT JOIN barbers br ON br.id = b.barber_id
  LEFT JOIN users bu ON bu.id = br.user_id`;

/** Most events one feed carries (the feed is bounded by date too: about two months of bookings). */
const FEED_MAX_EVENTS = 2000;

/** A barber's bookings on `fromDate` (a New York date) or later, by start. */
export async function feedBookings(sql: Sql, barberId: number, fromDate: string): Promise<CalendarBookingRow[]> {
  return sql.unsafe<CalendarBookingRow[]>(
    `SELECT ${COLUMNS} WHERE b.barber_id = $1 AND b.date >= $2::date ORDER BY b.starts_at, b.id LIMIT ${FEED_MAX_EVENTS}`,
    [barberId, fromDate],
  );
}

/** One booking with the customer who owns it, or undefined. */
export async function bookingForCalendar(
  sql: Sql,
  bookingId: string,
): Promise<(CalendarBookingRow & { customerId: number }) | undefined> {
  const [row] = await sql.unsafe<(CalendarBookingRow & { customerId: number })[]>(
    `SELECT b.customer_id AS "customerId", ${COLUMNS} WHERE b.id = $1`,
    [bookingId],
  );
  return row;
}

/** Where the appointment is: the address the customer saved, else the city and ZIP of the booking. */
function locationOf(
  b: Pick<CalendarBookingRow, 'customerAddress' | 'apartmentUnit' | 'displayCity' | 'zipcode'>,
): string {
  const street = [b.customerAddress?.trim(), b.apartmentUnit?.trim()].filter(Boolean).join(', ');
  const has = (part: string) => street.toLowerCase().includes(part.toLowerCase());
  const city = b.displayCity && !has(b.displayCity) ? [b.displayCity] : [];
  const state = has(b.zipcode) ? [] : [`FL ${b.zipcode}`];
  return [street, ...city, ...state].filter(Boolean).join(', ');
}

function statusOf(status: BookingStatus): ICalEventStatus {
  if (status === 'cancelled') return ICalEventStatus.CANCELLED;
  if (status === 'pending') return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CONFIRMED;
}

type Audience = 'barber' | 'customer';

function addEvent(calendar: ICalCalendar, b: CalendarBookingRow, audience: Audience, link: string): void {
  const service = b.serviceName ?? 'Appointment';
  const summary =
    audience === 'barber'
      ? `${service} · ${b.customerName ?? 'Customer'}`
      : `${service} with ${b.barberName ?? 'your barber'}`;
  const lines = [`Status: ${bookingStatusLabel(b.status)}`];
  if (audience === 'barber') {
    lines.push(`Customer: ${b.customerName ?? 'Customer'}`);
    if (b.customerPhone) lines.push(`Phone: ${b.customerPhone}`);
    if (b.specialInstructions?.trim()) lines.push(`Instructions: ${b.specialInstructions.trim()}`);
    if (b.notes.trim()) lines.push(`Notes: ${b.notes.trim()}`);
  } else {
    lines.push(`Barber: ${b.barberName ?? 'Your barber'}`);
    if (b.barberPhone) lines.push(`Phone: ${b.barberPhone}`);
  }
  lines.push(link);
  calendar.createEvent({
    id: b.id,
    sequence: b.version,
    start: b.startsAt,
    end: b.endsAt,
    stamp: b.updatedAt,
    created: b.createdAt,
    lastModified: b.updatedAt,
    summary,
    location: locationOf(b),
    description: lines.join('\n'),
    url: link,
    status: statusOf(b.status),
  });
}

const PROD_ID = { company: 'Barber Marketplace', product: 'Bookings', language: 'EN' };

/** The barber's subscribed feed: every booking of the rows, cancelled ones as STATUS:CANCELLED. */
export function barberFeed(rows: CalendarBookingRow[], publicUrl: string): string {
  const calendar = ical({
    prodId: PROD_ID,
    name: 'Barber appointments',
    // REFRESH-INTERVAL and X-PUBLISHED-TTL: a hint to poll every 15 minutes (Apple Calendar honours it).
    ttl: 15 * 60,
  });
  const link = `${publicUrl.replace(/\/$/, '')}/barber/appointments`;
  for (const row of rows) addEvent(calendar, row, 'barber', link);
  return calendar.toString();
}

/** One booking for its customer to import (METHOD:PUBLISH, as calendar files sent to people are). */
export function customerBookingIcs(row: CalendarBookingRow, publicUrl: string): string {
  const calendar = ical({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH });
  addEvent(calendar, row, 'customer', `${publicUrl.replace(/\/$/, '')}/bookings`);
  return calendar.toString();
}
