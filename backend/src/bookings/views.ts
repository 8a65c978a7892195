import { centsToString, type BookingStatus, type BookingView } from '@barber/shared';
import type { BookingRow } from './projections';

/**
 * The booking answer: the `bookings` read model joined with the people and the service it names.
 * LEFT JOINs and fallbacks keep a booking readable when its service was removed later.
 */
export const bookingViewSelect = (from: string) => `
  SELECT b.id, b.version, b.customer_id, b.barber_id, b.service_id, b.date::text AS date, b.start_time, b.end_time,
         b.duration_minutes, b.travel_buffer, b.total_cents, b.barber_amount_cents, b.platform_fee_cents,
         b.fee_collection_enabled, b.cancellation_window, b.city, b.display_city, b.zipcode, b.notes, b.status, b.details_saved,
         b.customer_phone, b.customer_address, b.apartment_unit, b.special_instructions, b.stripe_payment_id,
         b.paid, b.refunded, b.refunded_cents, b.barber_notes, b.estimated_travel_time, b.cancellation_reason, b.eta_at, b.created_at, b.updated_at,
         cu.full_name AS c_full_name, cu.username AS c_username, cu.email AS c_email, cu.phone AS c_phone,
         coalesce(b.service_name, s.name) AS s_name,
         br.years_of_experience AS br_years, br.bio AS br_bio,
         bu.id AS bu_id, bu.full_name AS bu_full_name, bu.username AS bu_username, bu.email AS bu_email, bu.phone AS bu_phone
    FROM ${from} b
    LEFT JOIN users cu ON cu.id = b.customer_id
    LEFT JOIN services s ON s.id = b.service_id
    LEFT JOIN barbers br ON br.id = b.barber_id
    LEFT JOIN users bu ON bu.id = br.user_id`;

export const BOOKING_VIEW_SELECT = bookingViewSelect('bookings');

export interface BookingViewRow {
  id: string;
  version: number;
  customer_id: number;
  barber_id: number;
  service_id: number;
  date: string;
  start_time: string;
  end_time: string;
  duration_minutes: number;
  travel_buffer: number;
  total_cents: number;
  barber_amount_cents: number;
  platform_fee_cents: number;
  fee_collection_enabled: boolean;
  cancellation_window: number | null;
  city: string;
  display_city: string | null;
  zipcode: string;
  notes: string;
  status: BookingStatus;
  details_saved: boolean;
  customer_phone: string | null;
  customer_address: string | null;
  apartment_unit: string | null;
  special_instructions: string | null;
  stripe_payment_id: string | null;
  paid: boolean;
  refunded: boolean;
  refunded_cents: number;
  barber_notes: string | null;
  estimated_travel_time: number | null;
  cancellation_reason: string | null;
  eta_at: Date | string | null;
  created_at: Date;
  updated_at: Date;
  c_full_name: string | null;
  c_username: string | null;
  c_email: string | null;
  c_phone: string | null;
  s_name: string | null;
  br_years: number | null;
  br_bio: string | null;
  bu_id: number | null;
  bu_full_name: string | null;
  bu_username: string | null;
  bu_email: string | null;
  bu_phone: string | null;
}

/** What the booking view shows of the people and the service a booking names (the joins of bookingViewSelect). */
export type ViewParties = Pick<
  BookingViewRow,
  | 'c_full_name'
  | 'c_username'
  | 'c_email'
  | 'c_phone'
  | 's_name'
  | 'br_years'
  | 'br_bio'
  | 'bu_id'
  | 'bu_full_name'
  | 'bu_username'
  | 'bu_email'
  | 'bu_phone'
>;

/**
 * The view row of a `bookings` row and its parties, as bookingViewSelect would read it back: a new
 * booking's answer is built in Node from what its command already read, so that its statement only
 * writes (bench/analysis.md, session 8). bookings.int.test.ts compares the two.
 */
export function viewRowOf(r: BookingRow, p: ViewParties): BookingViewRow {
  // One literal, not `{ ...row, ...parties }`: V8 (Node 20) merges two objects of this size in about 20 µs, a
  // literal in well under one (bench/analysis.md, session 15).
  return {
    id: r.id,
    version: r.version,
    customer_id: r.customer_id,
    barber_id: r.barber_id,
    service_id: r.service_id,
    date: r.date,
    start_time: r.start_time,
    end_time: r.end_time,
    duration_minutes: r.duration_minutes,
    travel_buffer: r.travel_buffer,
    total_cents: r.total_cents,
    barber_amount_cents: r.barber_amount_cents,
    platform_fee_cents: r.platform_fee_cents,
    fee_collection_enabled: r.fee_collection_enabled,
    cancellation_window: r.cancellation_window,
    city: r.city,
    display_city: r.display_city,
    zipcode: r.zipcode,
    notes: r.notes,
    status: r.status,
    details_saved: r.details_saved,
    customer_phone: r.customer_phone,
    customer_address: r.customer_address,
    apartment_unit: r.apartment_unit,
    special_instructions: r.special_instructions,
    stripe_payment_id: r.stripe_payment_id,
    paid: r.paid,
    refunded: r.refunded,
    refunded_cents: r.refunded_cents,
    barber_notes: r.barber_notes,
    estimated_travel_time: r.estimated_travel_time,
    cancellation_reason: r.cancellation_reason,
    eta_at: r.eta_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    c_full_name: p.c_full_name,
    c_username: p.c_username,
    c_email: p.c_email,
    c_phone: p.c_phone,
    s_name: r.service_name ?? p.s_name,
    br_years: p.br_years,
    br_bio: p.br_bio,
    bu_id: p.bu_id,
    bu_full_name: p.bu_full_name,
    bu_username: p.bu_username,
    bu_email: p.bu_email,
    bu_phone: p.bu_phone,
  };
}

/** "Maria de la Cruz" -> first "Maria", last "de la Cruz". */
function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export function toBookingView(r: BookingViewRow): BookingView {
  const customerName = r.c_full_name ?? 'Customer';
  return {
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    barberId: r.barber_id,
    serviceId: r.service_id,
    date: r.date,
    startTime: r.start_time,
    endTime: r.end_time,
    durationMinutes: r.duration_minutes,
    travelBuffer: r.travel_buffer,
    totalAmount: centsToString(r.total_cents),
    barberAmount: centsToString(r.barber_amount_cents),
    platformFee: centsToString(r.platform_fee_cents),
    feeCollectionEnabled: r.fee_collection_enabled,
    cancellationWindow: r.cancellation_window,
    city: r.city,
    displayCity: r.display_city,
    zipcode: r.zipcode,
    notes: r.notes,
    status: r.status,
    detailsSaved: r.details_saved,
    customerPhone: r.customer_phone,
    customerAddress: r.customer_address,
    apartmentUnit: r.apartment_unit,
    specialInstructions: r.special_instructions,
    stripePaymentId: r.stripe_payment_id,
    paid: r.paid,
    refunded: r.refunded,
    refundedAmount: centsToString(r.refunded_cents),
    barberNotes: r.barber_notes,
    estimatedTravelTime: r.estimated_travel_time,
    cancellationReason: r.cancellation_reason,
    etaAt: r.eta_at === null ? null : new Date(r.eta_at).toISOString(),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    customer: {
      id: r.customer_id,
      ...splitFullName(customerName),
      fullName: customerName,
      username: r.c_username ?? '',
      email: r.c_email ?? '',
      phone: r.c_phone,
    },
    // as booked: the barber may change the service's length or price since (its name is today's)
    service: {
      id: r.service_id,
      name: r.s_name ?? 'Service',
      duration: r.duration_minutes,
      price: centsToString(r.total_cents),
    },
    barber: {
      id: r.barber_id,
      yearsOfExperience: r.br_years ?? 0,
      bio: r.br_bio ?? '',
      user: {
        id: r.bu_id ?? 0,
        fullName: r.bu_full_name ?? 'Barber',
        username: r.bu_username ?? '',
        email: r.bu_email ?? '',
        phone: r.bu_phone,
      },
    },
  };
}
