import { addDaysLocal, lookupZipcode, minutesOfDay, todayLocal } from '@barber/shared';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect';
import { useTestApp } from '../test/app';
import { Client } from '../test/client';
import { dayRange, findBarbers, loadBlocks, loadHeld, loadServices, slotDuration } from './queries';
import { SearchMemo, searchBarbers } from './search';
import { availableSlots } from './slots';
import { seedBarbers } from './volumeData';

const t = useTestApp();
const COUNT = 2000;
const date = addDaysLocal(todayLocal(), 3);
const zip = lookupZipcode('33130')!;

/** The pre-paging search: every verified barber of the platform, slots computed for each (the oracle). */
async function everyFreeBarber(sql: Sql, q: { startTime?: string; category?: string }): Promise<number[]> {
  const rows = (await findBarbers(sql, { verifiedOnly: true, category: q.category })).filter(
    (r) => !r.blacklistedZipcodes.includes(zip.zipcode),
  );
  const ids = rows.map((r) => r.id);
  const [services, blocks, held] = await Promise.all([
    loadServices(sql, ids, { activeOnly: true }),
    loadBlocks(sql, ids, { activeOnly: true }),
    loadHeld(sql, ids, dayRange(date).from, dayRange(date, 2).to),
  ]);
  const from = q.startTime ? minutesOfDay(q.startTime) : 0;
  return rows
    .filter((row) =>
      availableSlots({
        date,
        durationMinutes: slotDuration(services.get(row.id) ?? [], q.category),
        blocks: blocks.get(row.id) ?? [],
        held: held.get(row.id) ?? [],
        now: new Date(),
        zip,
      }).some((s) => minutesOfDay(s) >= from),
    )
    .map((r) => r.id);
}

/** A pool of its own that records every statement and its parameters. */
function recordingSql(url: string) {
  const statements: { query: string; params: unknown[] }[] = [];
  const sql = postgres(url, {
    max: 2,
    onnotice: () => {},
    debug: (_c, query, params) => {
      if (!/\bpg_type\b/.test(query)) statements.push({ query, params }); // not the driver's own type look-up
    },
  }) as unknown as Sql;
  return { sql, statements };
}

/** The id array a statement was given (the driver may pass it already serialized, '{"1","2"}'). */
function idsIn(params: unknown[]): number[] {
  for (const p of params) {
    if (Array.isArray(p)) return p.map(Number).sort((a, b) => a - b);
    if (typeof p === 'string' && /^\{[\d,"]*\}$/.test(p))
      return p
        .slice(1, -1)
        .replace(/"/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number)
        .sort((a, b) => a - b);
  }
  return [];
}

beforeAll(async () => {
  await t.deps.settings.update({ rateLimitEnabled: false });
  await seedBarbers(t.db.sql, { count: COUNT, busyDate: date });
}, 60_000);

describe('search with thousands of barbers', () => {
  it('answers one page of the right barbers, best rated first, with the exact total', async () => {
    const expected = await everyFreeBarber(t.db.sql, {});
    expect(expected.length).toBeGreaterThan(100); // the test means something only if there are several pages

    const first = await new Client(t.app).get(`/api/search/barbers?date=${date}&zipcode=${zip.zipcode}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      total: expected.length,
      page: 1,
      pageSize: 20,
      hasMore: true,
      message: `Found ${expected.length} available barber(s)`,
    });
    expect(first.body.barbers.map((b: { id: number }) => b.id)).toEqual(expected.slice(0, 20));
    expect(JSON.stringify(first.body).length).toBeLessThan(50_000);

    const lastPage = Math.ceil(expected.length / 50);
    const last = await new Client(t.app).get(
      `/api/search/barbers?date=${date}&zipcode=${zip.zipcode}&page=${lastPage}&pageSize=50`,
    );
    expect(last.body.barbers.map((b: { id: number }) => b.id)).toEqual(expected.slice((lastPage - 1) * 50));
    expect(last.body.hasMore).toBe(false);
    const beyond = await new Client(t.app).get(
      `/api/search/barbers?date=${date}&zipcode=${zip.zipcode}&page=${lastPage + 1}&pageSize=50`,
    );
    expect(beyond.body).toMatchObject({ barbers: [], total: expected.length, hasMore: false });
  });

  it('counts with the time range and category applied', async () => {
    const expected = await everyFreeBarber(t.db.sql, { startTime: '12:00', category: 'beard' });
    const res = await new Client(t.app).get(
      `/api/search/barbers?date=${date}&zipcode=${zip.zipcode}&startTime=12:00&serviceCategory=beard&pageSize=5`,
    );
    expect(res.body.total).toBe(expected.length);
    expect(res.body.barbers.map((b: { id: number }) => b.id)).toEqual(expected.slice(0, 5));
    for (const b of res.body.barbers) expect(b.availableSlots.every((s: string) => s >= '12:00')).toBe(true);
  });

  it('runs a fixed number of statements and loads the cards and long-range held time for the page only', async () => {
    const { sql, statements } = recordingSql(t.db.url);
    try {
      const memo = new SearchMemo();
      const answer = await searchBarbers(sql, { date, zip, page: 2, pageSize: 10 }, new Date(), memo);
      expect(answer.barbers).toHaveLength(10);
      expect(statements.length).toBeLessThanOrEqual(6);
      // the candidates, their day's data, then statements that name the barbers of the page, and only them
      const pageIds = answer.barbers.map((b) => b.id).sort((a, b) => a - b);
      for (const s of statements.slice(2)) {
        expect(idsIn(s.params)).toEqual(pageIds);
      }
      // the same search again: the day's data of unchanged barbers comes from the memo
      statements.length = 0;
      expect(await searchBarbers(sql, { date, zip, page: 2, pageSize: 10 }, new Date(), memo)).toEqual(answer);
      expect(statements.length).toBeLessThanOrEqual(5);
      for (const s of statements.slice(1)) {
        expect(idsIn(s.params)).toEqual(pageIds);
      }
    } finally {
      await sql.end();
    }
  });
  it("finds the weekday's blocks serving the county by one index key, with no pending list to scan", async () => {
    // A plain GIN index on (day_of_week, service_counties) intersected a seventh of every block with the county,
    // and scanned every insert since the last vacuum: most of the candidate query's time at 10,000 barbers.
    const [{ 'QUERY PLAN': plan }] = await t.db.sql.unsafe<[{ 'QUERY PLAN': unknown }]>(
      `EXPLAIN (FORMAT JSON) SELECT barber_id FROM availability_blocks ab
        WHERE ab.is_active AND block_day_counties(ab.day_of_week, ab.service_counties) @> ARRAY['4:miami_dade']::text[]`,
    );
    expect(JSON.stringify(plan)).toContain('"Index Name":"availability_day_county_keys"');
    const [index] = await t.db.sql<{ options: string[] | null }[]>`
      SELECT reloptions AS options FROM pg_class WHERE relname = 'availability_day_county_keys'`;
    expect(index!.options).toContain('fastupdate=off');
  });
});
