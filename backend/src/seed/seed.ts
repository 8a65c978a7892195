import { defaultPlatformSettings } from '@barber/shared';
import { hashPassword } from '../accounts/passwords';
import type { Sql } from '../db/connect';
import { DEMO_PASSWORD, demoBarbers, demoCustomers, demoReviews, demoServices } from './demo';

export interface SeedResult {
  seeded: boolean;
  reason?: string;
}

/** Seeds the demo data set into an empty database only (never in production); safe to run again. */
export async function seedDemo(sql: Sql, env: { NODE_ENV: string }): Promise<SeedResult> {
  if (env.NODE_ENV === 'production') return { seeded: false, reason: 'NODE_ENV is production' };
  const hash = await hashPassword(DEMO_PASSWORD);
  return sql.begin(async (tx) => {
    // One seeder at a time; a second one sees the users and stops.
    await tx`SELECT pg_advisory_xact_lock(7202)`;
    const [{ count }] = (await tx`SELECT count(*)::int AS count FROM users`) as unknown as [{ count: number }];
    if (count > 0) return { seeded: false, reason: 'the database already has users' };

    await tx`INSERT INTO platform_settings (id, data) VALUES (1, ${tx.json(defaultPlatformSettings as never)}) ON CONFLICT (id) DO NOTHING`;
    await tx`INSERT INTO users (username, email, password_hash, full_name, phone, role)
             VALUES ('admin', 'admin@example.com', ${hash}, 'Platform Admin', '305-555-0100', 'admin')`;
    const customerIds: number[] = [];
    for (const c of demoCustomers) {
      const [row] = await tx<
        { id: number }[]
      >`INSERT INTO users (username, email, password_hash, full_name, phone, role)
        VALUES (${c.username}, ${c.email}, ${hash}, ${c.fullName}, ${c.phone}, 'customer') RETURNING id`;
      customerIds.push(row!.id);
    }
    for (const [i, b] of demoBarbers.entries()) {
      const [user] = await tx<
        { id: number }[]
      >`INSERT INTO users (username, email, password_hash, full_name, phone, role)
        VALUES (${b.username}, ${`${b.username}@example.com`}, ${hash}, ${b.fullName}, ${`561-555-01${String(i + 10)}`}, 'barber') RETURNING id`;
      const images = [`/uploads/portfolio-${(i % 8) + 1}.svg`, `/uploads/portfolio-${((i + 3) % 8) + 1}.svg`];
      const [barber] = await tx<
        { id: number }[]
      >`INSERT INTO barbers (user_id, bio, years_of_experience, cities, portfolio_images, is_verified, verification_status)
        VALUES (${user!.id}, ${b.bio}, ${b.years}, ${[b.region]}, ${images}, true, 'approved') RETURNING id`;
      const barberId = barber!.id;
      // All services but one or two each (so each city's three barbers cover every category), prices varying a little by barber.
      for (const [j, s] of demoServices.entries()) {
        if ((i + j) % 6 === 5) continue;
        await tx`INSERT INTO services (barber_id, name, description, duration, price_cents, category)
          VALUES (${barberId}, ${s.name}, ${s.description}, ${s.duration}, ${s.price + (i % 3) * 500}, ${s.category})`;
      }
      // Monday to Saturday, mornings or afternoons, serving the barber's county; some work Sundays.
      const [start, end] = i % 2 === 0 ? ['09:00', '17:00'] : ['11:00', '20:00'];
      for (const day of i % 3 === 0 ? [0, 1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6]) {
        await tx`INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer)
          VALUES (${barberId}, ${day}, ${start}, ${end}, ${[b.county]}, ${[]}, ${i % 2 === 0 ? 30 : 15})`;
      }
      const reviews = demoReviews.slice(0, 2 + (i % 2));
      for (const [k, r] of reviews.entries()) {
        await tx`INSERT INTO reviews (barber_id, customer_id, rating, comment, barber_response, created_at)
          VALUES (${barberId}, ${customerIds[k % customerIds.length]!}, ${r.rating}, ${r.comment},
                  ${k === 0 ? `Thanks for having me over! See you next time. - ${b.fullName.split(' ')[0]}` : null},
                  now() - ${`${(k + 1) * 7} days`}::interval)`;
      }
      await tx`UPDATE barbers SET rating = (SELECT round(avg(rating), 1) FROM reviews WHERE barber_id = ${barberId}),
                                  review_count = (SELECT count(*) FROM reviews WHERE barber_id = ${barberId})
               WHERE id = ${barberId}`;
    }
    return { seeded: true };
  });
}
