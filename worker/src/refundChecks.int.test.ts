import { randomUUID } from 'node:crypto';
import { appendToStream } from '@barber/backend/eventstore/store';
import { stripeEnv } from '@barber/backend/payments/testkit';
import { useTestApp } from '@barber/backend/test/app';
import { startStripeStub } from '@barber/backend/test/stripeStub';
import { CHECK_REFUND_JOB, checkRefundJobId, todayLocal } from '@barber/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRefundChecks } from './sweeps/refundChecks';
import { FAST } from './testkit';
import { startWorkers, type RunningWorkers } from './worker';

const stub = await startStripeStub();
const t = useTestApp({ env: stripeEnv(stub) });
let workers: RunningWorkers;
beforeAll(() => {
  workers = startWorkers(t.deps, FAST);
});
afterAll(async () => {
  await workers?.close();
  await stub.close();
});

const DAY_MS = 24 * 3600_000;

/** A sweep's pass at `now`, a few rows at a time, and the wait for the checks it queued. */
async function pass(now: Date): Promise<number> {
  const { asked = 0 } = await sweepRefundChecks(t.deps, { now, limit: 50 });
  const queue = t.deps.queues.refunds;
  await expect
    .poll(async () => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed')).reduce((a, b) => a + b))
    .toBe(0);
  return asked;
}

describe('the daily refund check at volume', () => {
  it('a check that failed for good (Stripe away) is run again by the next pass, not left first in line', async () => {
    const bookingId = randomUUID();
    await appendToStream(t.deps.sql, `booking-${bookingId}`, 0, [
      { type: 'refunded', data: { refundId: 're_outage', amount: 1000, pending: true } },
    ]);
    const day = todayLocal(new Date(Date.now() + 2 * DAY_MS));
    const queue = t.deps.queues.refunds;
    const jobId = checkRefundJobId('re_outage', day);
    stub.failNext(1, 'outage');
    await queue.add(CHECK_REFUND_JOB, { bookingId, refundId: 're_outage', day }, { jobId, attempts: 1 });
    await expect.poll(() => queue.getJobState(jobId)).toBe('failed');
    expect(await pass(new Date(Date.now() + 2 * DAY_MS))).toBe(1);
    expect(await queue.getJobState(jobId)).toBe('completed');
    expect(await pass(new Date(Date.now() + 2 * DAY_MS))).toBe(0);
  });

  it('asks about every unsettled refund once a day, however many a pass can take', async () => {
    // 120 refunds answered pending whose update never came (Stripe does not know these ids: each check ends there)
    for (let i = 0; i < 120; i++) {
      await appendToStream(t.deps.sql, `booking-${randomUUID()}`, 0, [
        { type: 'refunded', data: { refundId: `re_volume_${i}`, amount: 1000, pending: true } },
      ]);
    }
    const day2 = new Date(Date.now() + 2 * DAY_MS);
    // a pass takes 50: the next passes of the day reach the others, not the same oldest 50 again
    expect([await pass(day2), await pass(day2), await pass(day2), await pass(day2)]).toEqual([50, 50, 20, 0]);
    const checks = await t.deps.queues.refunds.getJobs(['completed']);
    const asked = checks.filter((job) => job.name === CHECK_REFUND_JOB && job.data.refundId.startsWith('re_volume_'));
    expect(new Set(asked.map((job) => job.data.refundId)).size).toBe(120);
    expect(asked.every((job) => job.returnvalue.outcome === 'unknown to Stripe')).toBe(true);
    // once a day even when Redis no longer holds the finished checks: Postgres knows who was asked today
    await t.deps.queues.refunds.clean(0, 1000, 'completed');
    expect(await pass(day2)).toBe(0);
    // the next day, asked again
    expect(await pass(new Date(day2.getTime() + DAY_MS))).toBe(50);
  });
});
