import type { Sql, Tx } from '../db/connect';
import {
  ensureJobs,
  ensurePaged,
  settledBefore,
  type EnsureOutcome,
  type SweepCursor,
  type SweepOptions,
} from '../jobs/ensureJob';
import type { Queues } from '../jobs/queues';
import type { NoticeJob } from './dispatch';

type OutboxDeps = { sql: Sql; queues: Pick<Queues, 'notifications'> };

/**
 * Queues notification jobs through the outbox (migration 024): written to Postgres first, then to Redis,
 * so that Redis losing a job loses no notice. Job ids derive from the cause: queuing the same cause
 * again stores and queues nothing new.
 */
export async function queueNotices(deps: OutboxDeps, jobs: readonly NoticeJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await storeNotices(deps.sql, jobs);
  await deps.queues.notifications.addBulk([...jobs]);
}

/** Writes the notices' outbox rows (in the caller's transaction, when it has one); queuing them is the caller's. */
export async function storeNotices(sql: Sql | Tx, jobs: readonly NoticeJob[]): Promise<void> {
  await sql`
    INSERT INTO notification_outbox (job_id, name, data)
    SELECT j->>'jobId', j->>'name', j->'data'
      FROM jsonb_array_elements(${sql.json(jobs.map((j) => ({ jobId: j.opts.jobId, name: j.name, data: j.data })) as never)}) AS j
    ON CONFLICT (job_id) DO NOTHING`;
}

/**
 * Queues a job its outbox row already owes, without waiting: the queues' client waits for ever while Redis is away,
 * and a request must not (nor answer later for it). If Redis refuses or is away, the sweeper queues it within minutes.
 */
export function queueOwed(
  queues: Pick<Queues, 'notifications'>,
  job: { name: string; data: object; opts: { jobId: string } },
  log: { warn: (obj: object, msg: string) => void } | undefined,
): void {
  queues.notifications.add(job.name, job.data, job.opts).catch((error: unknown) => {
    log?.warn({ err: error, jobId: job.opts.jobId }, `${job.name} not queued; the outbox sweeper will queue it`);
  });
}

/** The worker stored the notification, or sent (or found already logged) the email. */
export async function markNoticeHandled(sql: Sql, jobId: string | undefined): Promise<void> {
  if (!jobId) return;
  await sql`UPDATE notification_outbox SET handled_at = now() WHERE job_id = ${jobId} AND handled_at IS NULL`;
}

/** Past this age an unhandled notice is not sent any more: news of a day ago is no news. */
export const NOTICE_MAX_AGE_MS = 24 * 3600_000;

/**
 * The sweeper's pass: every notice still unhandled `settleMs` after it was queued, and younger than NOTICE_MAX_AGE_MS,
 * ensured (ensureJobs), oldest first, a page of `limit` rows after another (ensurePaged) by (created_at, job_id).
 */
export async function requeueUnhandledNotices(deps: OutboxDeps, options: SweepOptions = {}): Promise<EnsureOutcome[]> {
  const now = (options.now ?? new Date()).getTime();
  const settled = settledBefore(options);
  const oldest = new Date(now - NOTICE_MAX_AGE_MS);
  return ensurePaged(
    options,
    (after, limit) => deps.sql<(NoticeJobRow & SweepCursor)[]>`
      SELECT job_id AS key, created_at::text AS at, name, data FROM notification_outbox
       WHERE handled_at IS NULL
         AND created_at < ${settled}
         AND created_at > ${oldest}
         AND (created_at, job_id) > (${after.at}::text::timestamptz, ${after.key})
       ORDER BY created_at, job_id LIMIT ${limit}`,
    (rows) =>
      ensureJobs(
        deps.queues.notifications,
        rows.map((row) => ({ name: row.name, data: row.data, opts: { jobId: row.key } })),
      ),
  );
}

/** How long the outbox keeps a row: past a week it is of no use to the sweeper, nor to anyone looking back. */
const OUTBOX_KEEP_MS = 7 * 24 * 3600_000;

/** Deletes the outbox rows older than OUTBOX_KEEP_MS; answers how many. */
export async function pruneNoticeOutbox(sql: Sql, options: { now?: Date } = {}): Promise<number> {
  const before = new Date((options.now ?? new Date()).getTime() - OUTBOX_KEEP_MS);
  const deleted = await sql`DELETE FROM notification_outbox WHERE created_at < ${before}`;
  return deleted.count;
}

interface NoticeJobRow {
  name: NoticeJob['name'];
  data: NoticeJob['data'];
}
