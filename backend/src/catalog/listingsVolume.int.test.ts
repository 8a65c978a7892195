import { BARBERS_MAX_LIMIT } from '@barber/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { seedBarbers } from './volumeData';

// GET /api/barbers at volume: the home page shows a few barbers of a city, so it must not receive them all.
const t = useTestApp();
const COUNT = 1000;

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  await seedBarbers(t.db.sql, { count: COUNT });
});

const ids = async (query: string) => {
  const res = await new Client(t.app).get(`/api/barbers?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.barbers as { id: number; rating: number }[]).map((b) => b.id);
};

describe('the barber listing at volume', () => {
  it('answers the best rated `limit` barbers of the city, the head of the longer answer', async () => {
    const [counted] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM barbers WHERE is_verified AND cities @> ARRAY['miami']::text[]`;
    expect(counted!.n).toBeGreaterThan(BARBERS_MAX_LIMIT);
    const all = await ids('city=miami');
    expect(all).toHaveLength(BARBERS_MAX_LIMIT); // bounded, though more serve the city
    const five = await ids('city=miami&limit=5');
    expect(five).toEqual(all.slice(0, 5));
    const ranked = await t.db.sql<{ id: number }[]>`
      SELECT id FROM barbers WHERE id = ANY(${all}::int[]) ORDER BY rating DESC, review_count DESC, id`;
    expect(all).toEqual(ranked.map((r) => r.id));
    expect(await ids('city=all&serviceCategory=beard&limit=3')).toHaveLength(3);
  });

  it('refuses a limit that is not a whole number from 1 to 100', async () => {
    for (const [limit, message] of [
      ['0', 'The limit must be at least 1'],
      ['101', 'The limit must be at most 100'],
      ['2.5', 'The limit must be a whole number'],
      ['many', 'The limit must be a number'],
    ]) {
      const res = await new Client(t.app).get(`/api/barbers?city=miami&limit=${limit}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});
