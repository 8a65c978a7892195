import { randomUUID } from 'node:crypto';
import { connect } from '../backend/src/db/connect';
import { appendToStream } from '../backend/src/eventstore/store';
import { freshDatabase, log, median, perSecond, throughput, type BenchModule } from './kit';

/*
 * The store's own append (one event to a new stream, at the expected version, with its metadata and
 * the NOTIFY trigger) against a raw autocommit INSERT of the same row into a plain table, same driver,
 * same pool, 32 writers each; rounds alternated, the median round counts.
 */
const WRITERS = 32;
const ROUND_MS = 3000;
const ROUNDS = 5;

export const appendBench: BenchModule = {
  name: 'append',
  run: async () => {
    const db = await freshDatabase('append');
    const sql = connect(db.url, { max: 16 });
    try {
      await sql`CREATE TABLE raw_events (id bigserial PRIMARY KEY, stream_id text NOT NULL, type text NOT NULL, data jsonb NOT NULL)`;
      const data = {
        bookingId: randomUUID(),
        status: 'confirmed',
        note: 'a payload of a typical size for a booking event',
      };
      const append = async () => {
        await appendToStream(sql, `bench-${randomUUID()}`, 0, [{ type: 'confirmed', data }], {
          actorUserId: 1,
          actorRole: 'barber',
        });
      };
      const raw = async () => {
        await sql`INSERT INTO raw_events (stream_id, type, data) VALUES (${`bench-${randomUUID()}`}, 'confirmed', ${sql.json(data)})`;
      };
      await throughput(WRITERS, 1000, append);
      await throughput(WRITERS, 1000, raw);
      const ours: number[] = [];
      const anchor: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ours.push((await throughput(WRITERS, ROUND_MS, append)).perSecond);
        anchor.push((await throughput(WRITERS, ROUND_MS, raw)).perSecond);
        log(
          `append: round ${round + 1}: ${perSecond(ours.at(-1)!)} appends vs ${perSecond(anchor.at(-1)!)} raw inserts`,
        );
      }
      const ratio = median(ours) / median(anchor);
      return {
        rows: [
          {
            figure: `Store append (\`appendToStream\`, one event, new stream), ${WRITERS} writers (appends/s)`,
            ours: perSecond(median(ours)),
            anchor: `raw autocommit INSERT, same driver and pool: ${perSecond(median(anchor))}`,
            ratio,
            goal: '≥ 0.7x',
            met: ratio >= 0.7,
            note: `median of ${ROUNDS} rounds of ${ROUND_MS / 1000} s, alternated`,
          },
        ],
      };
    } finally {
      await sql.end({ timeout: 2 });
      await db.drop();
    }
  },
};
