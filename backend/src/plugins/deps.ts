import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Sql } from '../db/connect';
import type { Queues } from '../jobs/queues';
import type { InvalidationBus } from '../platform/invalidation';
import type { SettingsStore } from '../settings/store';

export interface Deps {
  config: Config;
  sql: Sql;
  redis: Redis;
  settings: SettingsStore;
  queues: Queues;
  /** Tells every instance to forget cached sessions, users and rate-limit counters. */
  bus: InvalidationBus;
  /**
   * The clock of the booking rules (docs/design.md §3: the clock is injected); absent means the real one.
   * Tests set it to move time to an appointment's day without touching the system clock.
   */
  clock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

/** The process's shared resources, made by the caller (server or test) and closed by it. */
export default fp(
  async function deps(app: FastifyInstance, deps: Deps) {
    app.decorate('deps', deps);
    deps.bus.reportTo(app.log);
  },
  { name: 'deps' },
);
