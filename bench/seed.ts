import { hash } from '@node-rs/argon2';
import type { Sql } from '../backend/src/db/connect';

/*
 * People straight into a bench database. Their password hash is argon2id with tiny costs so that
 * thousands of real sign-ins take seconds (verification reads the costs from the hash); bench
 * databases are dropped afterwards.
 */
const BENCH_PASSWORD = 'bench-password';

export interface SeededUser {
  id: number;
  username: string;
}

export interface SeededBarber extends SeededUser {
  barberId: number;
  serviceId: number;
}

export async function seedUsers(sql: Sql, role: 'admin' | 'customer' | 'barber', n: number): Promise<SeededUser[]> {
  const passwordHash = await hash(BENCH_PASSWORD, {
    algorithm: 2 as never,
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
  });
  return sql<SeededUser[]>`
    INSERT INTO users (username, email, password_hash, full_name, phone, role)
    SELECT ${`bench_${role}_`}::text || g, ${`bench_${role}_`}::text || g || '@example.com', ${passwordHash},
           ${`Bench ${role} `}::text || g, '305-555-0100', ${role}
      FROM generate_series(1, ${n}::int) g
     ORDER BY g
    RETURNING id, username`;
}

/**
 * Verified barbers serving Miami-Dade, Broward and Palm Beach, each with a 30-minute $35 haircut and a
 * block 08:00-20:00 (30-minute travel buffer) on every weekday.
 */
export async function seedBarbers(sql: Sql, n: number): Promise<SeededBarber[]> {
  const users = await seedUsers(sql, 'barber', n);
  const ids = users.map((u) => u.id);
  const profiles = await sql<{ id: number; userId: number }[]>`
    INSERT INTO barbers (user_id, bio, years_of_experience, cities, is_verified, verification_status)
    SELECT id, 'Bench barber', 5, '{miami}', true, 'approved' FROM users WHERE id = ANY(${ids}::int[]) ORDER BY id
    RETURNING id, user_id AS "userId"`;
  const barberIds = profiles.map((p) => p.id);
  const services = await sql<{ id: number; barberId: number }[]>`
    INSERT INTO services (barber_id, name, description, duration, price_cents, category)
    SELECT id, 'Haircut', 'A classic cut', 30, 3500, 'haircut' FROM barbers WHERE id = ANY(${barberIds}::int[]) ORDER BY id
    RETURNING id, barber_id AS "barberId"`;
  await sql`
    INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer)
    SELECT b.id, d, '08:00', '20:00', '{miami_dade,broward,palm_beach}', '{}', 30
      FROM barbers b CROSS JOIN generate_series(0, 6) d WHERE b.id = ANY(${barberIds}::int[])`;
  const barberOf = new Map(profiles.map((p) => [p.userId, p.id]));
  const serviceOf = new Map(services.map((s) => [s.barberId, s.id]));
  return users.map((u) => ({ ...u, barberId: barberOf.get(u.id)!, serviceId: serviceOf.get(barberOf.get(u.id)!)! }));
}

/** Signs in through the real API; answers the `sid=...` cookie. */
export async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'bench' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!res.ok || !sid) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return sid.split(';')[0]!;
}
