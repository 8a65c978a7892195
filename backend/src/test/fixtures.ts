import type { Role } from '@barber/shared';
import { hashPassword } from '../accounts/passwords';
import type { App } from '../app';
import type { Sql } from '../db/connect';
import { Client } from './client';

export const PASSWORD = 'password123';
let passwordHash: Promise<string> | undefined;
let counter = 0;

export interface UserFixture {
  id: number;
  username: string;
  role: Role;
  barberId: number | null;
}

/** Inserts a user straight into the database (password `password123`); barbers get a verified profile. */
export async function createUser(
  sql: Sql,
  role: Role,
  overrides: { username?: string; verified?: boolean; cities?: string[] } = {},
): Promise<UserFixture> {
  passwordHash ??= hashPassword(PASSWORD);
  const username = overrides.username ?? `${role}${++counter}_${Math.random().toString(36).slice(2, 7)}`;
  const [user] = await sql<{ id: number }[]>`
    INSERT INTO users (username, email, password_hash, full_name, phone, role)
    VALUES (${username}, ${`${username}@example.com`}, ${await passwordHash}, ${`Test ${username}`}, '305-555-0100', ${role})
    RETURNING id`;
  let barberId: number | null = null;
  if (role === 'barber') {
    const verified = overrides.verified ?? true;
    const [barber] = await sql<{ id: number }[]>`
      INSERT INTO barbers (user_id, bio, years_of_experience, cities, is_verified, verification_status)
      VALUES (${user!.id}, 'Ten years of fades and beard work.', 10, ${overrides.cities ?? ['miami']}, ${verified}, ${verified ? 'approved' : 'pending'})
      RETURNING id`;
    barberId = barber!.id;
  }
  return { id: user!.id, username, role, barberId };
}

export async function createService(
  sql: Sql,
  barberId: number,
  overrides: { name?: string; duration?: number; priceCents?: number; category?: string } = {},
): Promise<{ id: number; duration: number; priceCents: number }> {
  const duration = overrides.duration ?? 30;
  const priceCents = overrides.priceCents ?? 3500;
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO services (barber_id, name, description, duration, price_cents, category)
    VALUES (${barberId}, ${overrides.name ?? 'Haircut'}, 'A classic cut', ${duration}, ${priceCents}, ${overrides.category ?? 'haircut'})
    RETURNING id`;
  return { id: row!.id, duration, priceCents };
}

/** An availability block on every weekday (or the given ones) serving the given counties. */
export async function createBlocks(
  sql: Sql,
  barberId: number,
  overrides: {
    days?: number[];
    startTime?: string;
    endTime?: string;
    counties?: string[];
    cities?: string[];
    travelBuffer?: number;
  } = {},
): Promise<void> {
  for (const day of overrides.days ?? [0, 1, 2, 3, 4, 5, 6]) {
    await sql`
      INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer)
      VALUES (${barberId}, ${day}, ${overrides.startTime ?? '08:00'}, ${overrides.endTime ?? '20:00'},
              ${overrides.counties ?? ['miami_dade', 'broward', 'palm_beach']}, ${overrides.cities ?? []}, ${overrides.travelBuffer ?? 30})`;
  }
}

/** A client of the app signed in as the user, with the fixtures' password. */
export async function signedInClient(app: App, user: { username: string }): Promise<Client> {
  const client = new Client(app);
  await client.login(user.username, PASSWORD);
  return client;
}
