import { randomUUID } from 'node:crypto';
import { addMinutesHHmm, toInstant } from '@barber/shared';
import type { AvailabilityBlock } from '../bookings/slotRules';
import type { Sql } from '../db/connect';

/** A block's hours and reach as the tests make them: 09:00-17:00 in Miami-Dade, a 30-minute travel buffer, active. */
export const blockHours: Omit<AvailabilityBlock, 'id' | 'barberId' | 'dayOfWeek'> = {
  startTime: '09:00',
  endTime: '17:00',
  serviceCounties: ['miami_dade'],
  serviceCities: [],
  travelBuffer: 30,
  isActive: true,
};

/**
 * Test helper: a booking row straight into the read model (and, while live, its held range in
 * barber_schedule, [start, end + buffer)), as the booking projection would write it.
 */
export async function insertBooking(
  sql: Sql,
  b: {
    customerId: number;
    barberId: number;
    serviceId: number;
    date: string;
    startTime: string;
    duration?: number;
    travelBuffer?: number;
    status?: string;
    zipcode?: string;
  },
): Promise<string> {
  const id = randomUUID();
  const duration = b.duration ?? 60;
  const endTime = addMinutesHHmm(b.startTime, duration);
  const startsAt = toInstant(b.date, b.startTime);
  const endsAt = toInstant(b.date, endTime);
  const status = b.status ?? 'confirmed';
  const buffer = b.travelBuffer ?? 30;
  await sql`
    INSERT INTO bookings (id, version, customer_id, barber_id, service_id, date, start_time, end_time, starts_at, ends_at,
                          duration_minutes, travel_buffer, status, total_cents, platform_fee_cents, barber_amount_cents,
                          fee_collection_enabled, city, zipcode, created_at, updated_at)
    VALUES (${id}, 1, ${b.customerId}, ${b.barberId}, ${b.serviceId}, ${b.date}, ${b.startTime}, ${endTime}, ${startsAt}, ${endsAt},
            ${duration}, ${buffer}, ${status}, 3500, 350, 3150, true, 'miami', ${b.zipcode ?? '33130'}, now(), now())`;
  if (!['cancelled', 'no_show'].includes(status)) {
    const heldTo = new Date(endsAt.getTime() + buffer * 60_000);
    await sql`INSERT INTO barber_schedule (booking_id, barber_id, during) VALUES (${id}, ${b.barberId}, tstzrange(${startsAt}, ${heldTo}, '[)'))`;
  }
  return id;
}
