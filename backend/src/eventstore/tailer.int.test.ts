import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../db/connect';
import { createTestDatabase, type TestDatabase } from '../test/context';
import { countingSql, type SentStatement } from '../test/countingSql';
import { appendToStream } from './store';
import { EventTailer, TAIL_BATCH } from './tailer';
import type { StoredEvent } from './types';

/*
 * What a tailer's wake-up costs: every commit of a command wakes it, so under load it runs about once
 * per command. A short batch is all the safe point lets through, so one read must do; a full batch
 * means more may wait, so it reads on. Counted at the driver, like the commands' round trips.
 */
let db: TestDatabase;
let counting: Sql;
let sent: SentStatement[];
beforeAll(async () => {
  db = await createTestDatabase();
  ({ sql: counting, sent } = countingSql(db.url));
});
afterAll(async () => {
  await counting.end();
  await db.drop();
});

/** The tail's reads of the log (the lag check, run once per poll, is another statement). */
const tailReads = () => sent.filter((q) => q.text.includes('FROM events') && q.text.includes('LIMIT $3')).length;

async function appendMany(prefix: string, count: number) {
  await db.sql.begin(async (tx) => {
    for (let i = 0; i < count; i++) await appendToStream(tx, `${prefix}-${i}`, 0, [{ type: 'written', data: { i } }]);
  });
}

describe('event tailer reads', () => {
  it('once per wake-up when the batch is short, and on after a full batch until it has everything', async () => {
    const seen: StoredEvent[] = [];
    const tailer = new EventTailer(counting, (batch) => void seen.push(...batch), { pollMs: 60_000 });

    await appendMany('short', 3);
    sent.length = 0;
    expect(await tailer.wake()).toBe(3);
    expect(tailReads()).toBe(1);

    await appendMany('full', TAIL_BATCH + 2);
    sent.length = 0;
    expect(await tailer.wake()).toBe(TAIL_BATCH + 2);
    expect(tailReads()).toBe(2);
    expect(seen.map((e) => e.streamId)).toEqual([
      ...Array.from({ length: 3 }, (_, i) => `short-${i}`),
      ...Array.from({ length: TAIL_BATCH + 2 }, (_, i) => `full-${i}`),
    ]);

    sent.length = 0;
    expect(await tailer.wake()).toBe(0);
    expect(tailReads()).toBe(1);
  });
});
