import type { Config } from '@barber/backend/config';
import type { Sql } from '@barber/backend/db/connect';
import type { Queues } from '@barber/backend/jobs/queues';
import type { SettingsStore } from '@barber/backend/settings/store';
import type { Redis } from 'ioredis';

/** What a job handler may use: the backend's application layer resources (never its HTTP routes). */
export interface WorkerDeps {
  config: Config;
  sql: Sql;
  redis: Redis;
  queues: Queues;
  settings: SettingsStore;
  /** The worker's logger (pino); absent in tests that want quiet. */
  log?: WorkerLog;
  /** The clock of the booking rules (docs/design.md §3), as in the app's deps; absent means the real one. */
  clock?: () => Date;
  /** Test seams: called at points where a crash is the interesting case. */
  hooks?: WorkerHooks;
}

interface WorkerLog {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

interface WorkerHooks {
  /** After a Stripe event's booking command committed, before the job completes. */
  afterStripeEventApplied?: (eventId: string) => Promise<void>;
  /** After the refund job's refund was made at Stripe, before the job records it. */
  afterRefundMade?: (refundId: string) => Promise<void>;
}
