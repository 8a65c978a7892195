import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** /healthz: the process answers. /readyz: Postgres and Redis answer too. */
export default fp(
  async function health(app: FastifyInstance) {
    const { sql, redis } = app.deps;
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      const checks = await Promise.allSettled([sql`SELECT 1`, redis.ping()]);
      const [postgres, redisCheck] = checks.map((c) => (c.status === 'fulfilled' ? 'ok' : 'down'));
      const ready = postgres === 'ok' && redisCheck === 'ok';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', postgres, redis: redisCheck });
    });
  },
  { name: 'health', dependencies: ['deps'] },
);
