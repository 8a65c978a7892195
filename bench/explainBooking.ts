/*
 * What Postgres does for one booking, node by node: `npx tsx bench/explainBooking.ts` books a few
 * slots, then one more with auto_explain on (ANALYZE, nested statements, triggers), and prints the
 * plans, which come back to this client as notices (client_min_messages = log).
 */
import { addDaysLocal, createBookingSchema, todayLocal } from '@barber/shared';
import { createBooking } from '../backend/src/bookings/create';
import { connect } from '../backend/src/db/connect';
import { SettingsStore } from '../backend/src/settings/store';
import { freshDatabase } from './kit';
import { seedBarbers, seedUsers } from './seed';

const db = await freshDatabase('explain');
const barbers = await seedBarbers(db.sql, 5);
const [customer] = await seedUsers(db.sql, 'customer', 1);
let explaining = false;
const sql = connect(db.url, {
  max: 1,
  onNotice: (notice) => {
    if (explaining) console.log(`${notice.message}\n`);
  },
});
const settings = new SettingsStore(db.sql);
await settings.update({ feeCollectionEnabled: false });
const deps = { sql, settings, queues: undefined as never, config: { stripe: undefined } as never };
const body = (i: number) =>
  createBookingSchema.parse({
    barberId: barbers[i % 5]!.barberId,
    serviceId: barbers[i % 5]!.serviceId,
    date: addDaysLocal(todayLocal(), 2),
    startTime: `${String(8 + Math.floor(i / 5)).padStart(2, '0')}:00`,
    endTime: `${String(8 + Math.floor(i / 5)).padStart(2, '0')}:30`,
    totalAmount: '35.00',
    zipcode: '33101',
  });
const actor = { role: 'customer' as const, userId: customer!.id, barberId: null };
for (let i = 0; i < 8; i++) await createBooking(deps as never, actor, body(i));
await sql`LOAD 'auto_explain'`;
await sql`SET auto_explain.log_min_duration = 0`;
await sql`SET auto_explain.log_analyze = on`;
await sql`SET auto_explain.log_nested_statements = on`;
await sql`SET auto_explain.log_triggers = on`;
await sql`SET auto_explain.log_timing = on`;
await sql`SET client_min_messages = log`;
explaining = true;
await createBooking(deps as never, actor, body(9));
explaining = false;
await sql.end();
await db.drop();
