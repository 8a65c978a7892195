import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TailStatus } from '../eventstore/tailer';
import { within } from '../lib/within';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the realtime plugin when it runs: the tailer feeding live pushes. */
    liveTail: { status: () => TailStatus };
  }
}

/**
 * /healthz: the process answers. /readyz: Postgres and Redis answer too (503 when one does not), with
 * the live tail's lag and failures in `tail`. A delayed or failing tail is a warning and stays 200: every instance shares the
 * cause (an open transaction, the database), so taking them out of the load balancer would add an
 * outage and fix nothing.
 */
export default fp(
  async function health(app: FastifyInstance) {
    const { sql, redis } = app.deps;
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      const checks = await Promise.allSettled([within(CHECK_MS, sql`SELECT 1`), within(CHECK_MS, redis.ping())]);
      const [postgres, redisCheck] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'down'));
      const ready = postgres === 'ok' && redisCheck === 'ok';
      const tail = app.hasDecorator('liveTail') ? tailReport(app.liveTail.status()) : undefined;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ok' : 'unavailable', postgres, redis: redisCheck, ...(tail && { tail }) });
    });
  },
  { name: 'health', dependencies: ['deps'] },
);

/** Each check's bound: /readyz answers within 2 s even when a dependency hangs. */
const CHECK_MS = 1500;

/** `failing` while its passes fail (details: consecutiveFailures, lastError), else `delayed` past the warning lag, else `ok`. */
function tailReport(status: TailStatus) {
  const { delayed, ...details } = status;
  return { status: status.consecutiveFailures > 0 ? 'failing' : delayed ? 'delayed' : 'ok', ...details };
}
