import { fileURLToPath } from 'node:url';
import { loadConfig } from '../backend/src/config';
import { connect, ensureDatabase } from '../backend/src/db/connect';
import { migrate } from '../backend/src/db/migrate';
import { DEMO_PASSWORD } from '../backend/src/seed/demo';
import { seedDemo } from '../backend/src/seed/seed';
import { startServer } from '../backend/src/server';
import { startWorkerProcess } from '../worker/src/main';
import { resolvePostgres, resolveRedis } from './services';

/**
 * `npm start`: finds Postgres and Redis, migrates, seeds an empty database, then runs the backend
 * (serving the built frontend) and the worker in this process, on PORT (default 3000).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const stops: (() => Promise<void>)[] = [];
try {
  const postgres = await resolvePostgres(root);
  const redis = await resolveRedis(root);
  if (postgres.stop) stops.push(postgres.stop);
  if (redis.stop) stops.push(redis.stop);
  process.env.DATABASE_URL = postgres.url;
  process.env.REDIS_URL = redis.url;
  const config = loadConfig();

  await ensureDatabase(config.DATABASE_URL);
  const sql = connect(config.DATABASE_URL, { max: 1 });
  await migrate(sql);
  const seeded = await seedDemo(sql, config);
  await sql.end();

  const server = await startServer();
  const worker = await startWorkerProcess();
  const url = `http://localhost:${server.config.PORT}`;
  console.log(`
  Barber marketplace is running at ${url}
  Postgres: ${postgres.source}; Redis: ${redis.source}
  ${seeded.seeded ? 'Seeded the demo data set.' : `Demo data not seeded (${seeded.reason}).`}
  Demo sign-ins (password ${DEMO_PASSWORD}): admin; customer1, customer2; barber1 ... barber12
  API docs: ${url}/api/docs
`);
  const shutdown = async () => {
    await worker.shutdown();
    await server.shutdown('signal');
    for (const stop of stops.reverse()) await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
} catch (error) {
  console.error(`\n  Could not start: ${(error as Error).message}\n`);
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(1);
}
