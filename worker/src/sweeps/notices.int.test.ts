import { useTestApp } from '@barber/backend/test/app';
import { beforeEach, describe, expect, it } from 'vitest';
import { sweepNotices } from './notices';

/*
 * The notice sweep pages through every unhandled outbox row (no worker runs here: what it queues stays waiting). After
 * an outage of Redis the backlog is far larger than a page, and must drain in one pass, not a page every five minutes.
 */
const t = useTestApp();
const queue = () => t.deps.queues.notifications;

beforeEach(async () => {
  await t.db.sql`DELETE FROM notification_outbox`;
  await queue().obliterate({ force: true });
});

/**
 * `count` unhandled rows `prefix`-01… queued ten minutes ago (settled), four to an instant: rows share a created_at
 * across the pages' ends, and instants a microsecond apart (a Date, in milliseconds, cannot tell them apart).
 */
async function owe(prefix: string, count: number, minutesAgo = 10): Promise<string[]> {
  const rows = await t.db.sql<{ jobId: string }[]>`
    INSERT INTO notification_outbox (job_id, name, data, created_at)
    SELECT ${prefix} || '-' || lpad(i::text, 2, '0'), 'in-app', '{}',
           now() - make_interval(mins => ${minutesAgo}) + (i / 4) * interval '1 microsecond'
      FROM generate_series(1, ${count}) AS i
    RETURNING job_id AS "jobId"`;
  return rows.map((r) => r.jobId).sort();
}

const states = (ids: string[]) => Promise.all(ids.map((id) => queue().getJobState(id)));

describe('the notice sweep', () => {
  it('queues in one pass every notice whose job Redis lost, a page of `limit` rows after another', async () => {
    const lost = await owe('lost', 23);
    expect(await sweepNotices(t.deps, { limit: 5 })).toEqual({ queued: 23 });
    expect(await states(lost)).toEqual(lost.map(() => 'waiting'));
    // Again: all of them wait in Redis, nothing is queued twice.
    expect(await sweepNotices(t.deps, { limit: 5 })).toEqual({ pending: 23 });
  });

  it('rows whose jobs wait in Redis hide none of the rows behind them', async () => {
    const waiting = await owe('waiting', 5, 20);
    for (const jobId of waiting) await queue().add('in-app', {}, { jobId });
    const lost = await owe('lost', 12);
    expect(await sweepNotices(t.deps, { limit: 5 })).toEqual({ pending: 5, queued: 12 });
    expect(await states(lost)).toEqual(lost.map(() => 'waiting'));
  });

  it('stops paging once its time budget is used up, and a later pass goes on from the start', async () => {
    const lost = await owe('lost', 12);
    expect(await sweepNotices(t.deps, { limit: 5, budgetMs: 0 })).toEqual({ queued: 5 });
    expect(await sweepNotices(t.deps, { limit: 5 })).toEqual({ pending: 5, queued: 7 });
    expect(await states(lost)).toEqual(lost.map(() => 'waiting'));
  });

  it('leaves a notice handled, unsettled or older than a day', async () => {
    await t.db.sql`INSERT INTO notification_outbox (job_id, name, data, created_at, handled_at) VALUES
      ('handled', 'in-app', '{}', now() - interval '10 minutes', now()),
      ('unsettled', 'in-app', '{}', now(), NULL),
      ('stale', 'in-app', '{}', now() - interval '25 hours', NULL)`;
    expect(await sweepNotices(t.deps, { limit: 1 })).toEqual({});
  });
});
