import { addDaysLocal, todayLocal } from '@barber/shared';
import { seedBarbers } from '../backend/src/catalog/volumeData';
import { SettingsStore } from '../backend/src/settings/store';
import { freshDatabase, log, ms, now, startServer, summary, type BenchModule, type Summary } from './kit';

/*
 * Barber search at platform scale: GET /api/search/barbers for one Miami zipcode on one date, over
 * HTTP against the real backend, with 100 and then 10,000 verified-or-pending barbers on the platform
 * (services, weekday blocks over the three counties, held time on the date and across the week:
 * backend/src/catalog/volumeData.ts). Sequential requests after a warm-up, so the percentiles are
 * those of one request at a time; the goal is p99 at 10,000 ≤ 5x p99 at 100.
 */

const WARMUP = 50;
const REQUESTS = 400;
const ZIPCODE = '33130';

interface Measured {
  latency: Summary;
  bytes: number;
  total: number;
  pageSize: number;
}

async function measure(count: number): Promise<Measured> {
  const db = await freshDatabase(`search${count}`);
  const date = addDaysLocal(todayLocal(), 3);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await new SettingsStore(db.sql).update({ rateLimitEnabled: false });
    const t0 = now();
    await seedBarbers(db.sql, { count, busyDate: date });
    log(`search: seeded ${count} barbers in ${ms(now() - t0)}`);
    server = await startServer(db);
    const url = `${server.base}/api/search/barbers?zipcode=${ZIPCODE}&date=${date}`;
    const once = async () => {
      const started = now();
      const res = await fetch(url);
      const body = await res.text();
      const elapsed = now() - started;
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${body.slice(0, 200)}`);
      return { elapsed, body };
    };
    for (let i = 0; i < WARMUP; i++) await once();
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < REQUESTS; i++) {
      const { elapsed, body } = await once();
      times.push(elapsed);
      last = body;
    }
    const answer = JSON.parse(last) as { total: number; barbers: unknown[] };
    return {
      latency: summary(times),
      bytes: Buffer.byteLength(last),
      total: answer.total,
      pageSize: answer.barbers.length,
    };
  } finally {
    await server?.stop();
    await db.drop();
  }
}

export const searchBench: BenchModule = {
  name: 'search',
  run: async () => {
    log('search: 100 barbers');
    const small = await measure(100);
    log('search: 10,000 barbers');
    const large = await measure(10_000);
    const ratio = large.latency.p99 / small.latency.p99;
    const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
    return {
      rows: [
        {
          figure: `GET /api/search/barbers, one zipcode, 10,000 barbers on the platform (p99, sequential)`,
          ours: `${ms(large.latency.p99)} (p50 ${ms(large.latency.p50)})`,
          anchor: `same search with 100 barbers: p99 ${ms(small.latency.p99)} (p50 ${ms(small.latency.p50)})`,
          ratio: Number(ratio.toFixed(2)),
          goal: '≤ 5x',
          met: ratio <= 5,
          note:
            `answer ${kb(large.bytes)} at 10,000 (page of ${large.pageSize}, total ${large.total}) vs ${kb(small.bytes)} at 100 (total ${small.total}); ` +
            'candidates filtered in SQL by county, city, weekday, verification, blacklist; cards built for one page only',
        },
      ],
      details: [
        `Search: ${REQUESTS} sequential requests after ${WARMUP} warm-up ones, zipcode ${ZIPCODE} (Miami), three days ahead, real backend over HTTP.`,
        `At 100 barbers: p50 ${ms(small.latency.p50)}, p99 ${ms(small.latency.p99)}, ${small.total} found, ${kb(small.bytes)}.`,
        `At 10,000 barbers: p50 ${ms(large.latency.p50)}, p99 ${ms(large.latency.p99)}, ${large.total} found, ${kb(large.bytes)} (a page of ${large.pageSize}).`,
        'Before: every verified barber of the platform with 32 days of held time on every search (p99 3,600 ms, 2.9 MB at 10,000).',
      ].join('\n'),
    };
  },
};
