import type { TestProject } from 'vitest/node';
import { connect, ensureDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { reachable } from '../lib/net';

/**
 * Resolves Postgres and Redis for the test run (DATABASE_URL / REDIS_URL, else the local services,
 * else Testcontainers when a container engine exists) and migrates one template database that every
 * test file clones into a database of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: (() => Promise<unknown>)[] = [];
  let pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let redisUrl = process.env.REDIS_URL;
  if (!pgUrl && (await reachable('127.0.0.1', 5432))) pgUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!redisUrl && (await reachable('127.0.0.1', 6379))) redisUrl = 'redis://127.0.0.1:6379';
  if (!pgUrl || !redisUrl) {
    const started = await startContainers(!pgUrl, !redisUrl);
    pgUrl ??= started.pgUrl;
    redisUrl ??= started.redisUrl;
    stops.push(...started.stops);
  }
  if (!pgUrl || !redisUrl) {
    throw new Error(
      'Tests need Postgres and Redis: start them on 127.0.0.1:5432 / 6379, set DATABASE_URL and REDIS_URL, or run a container engine.',
    );
  }
  // One template per run, so that two runs at once (developers, helpers) never drop each other's.
  const templateDb = `barber_test_template_${process.pid}`;
  const templateUrl = withDatabase(pgUrl, templateDb);
  await dropDatabase(pgUrl, templateDb);
  await ensureDatabase(templateUrl);
  const sql = connect(templateUrl, { max: 1 });
  await migrate(sql);
  await sql.end();
  project.provide('pgUrl', pgUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('templateDb', templateDb);
  return async () => {
    await dropDatabase(pgUrl!, templateDb);
    for (const stop of stops) await stop();
  };
}

async function dropDatabase(pgUrl: string, name: string): Promise<void> {
  const admin = connect(withDatabase(pgUrl, 'postgres'), { max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function startContainers(pg: boolean, redis: boolean) {
  const result: { pgUrl?: string; redisUrl?: string; stops: (() => Promise<unknown>)[] } = { stops: [] };
  try {
    const { getContainerRuntimeClient, GenericContainer, Wait } = await import('testcontainers');
    await getContainerRuntimeClient();
    if (pg) {
      const c = await new GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
        .start();
      result.pgUrl = `postgres://postgres@${c.getHost()}:${c.getMappedPort(5432)}/postgres`;
      result.stops.push(() => c.stop());
    }
    if (redis) {
      const c = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
      result.redisUrl = `redis://${c.getHost()}:${c.getMappedPort(6379)}`;
      result.stops.push(() => c.stop());
    }
  } catch {
    // No container engine: the caller reports what is missing.
  }
  return result;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    redisUrl: string;
    templateDb: string;
  }
}
