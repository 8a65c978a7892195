import { emailJobSchema, type EmailJob } from '@barber/shared';
import { stillWanted } from '@barber/backend/notifications/dispatch';
import { markNoticeHandled } from '@barber/backend/notifications/outbox';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';
import { mailerOf } from '../mailer';

/**
 * Sends one email, once per source key: the email log is checked before and written after the send.
 * A crash between the two sends it again on retry (at least once), never on a plain redelivery.
 */
export async function sendLoggedEmail(deps: WorkerDeps, input: EmailJob): Promise<{ sent: boolean }> {
  const mail = emailJobSchema.parse(input);
  const [already] = await deps.sql`SELECT 1 FROM email_log WHERE source_key = ${mail.sourceKey}`;
  if (already) return { sent: false };
  await mailerOf(deps.config, deps.log).send({ to: mail.to, subject: mail.subject, text: mail.text });
  await deps.sql`INSERT INTO email_log (source_key, user_id, recipient, subject)
                 VALUES (${mail.sourceKey}, ${mail.userId}, ${mail.to}, ${mail.subject}) ON CONFLICT (source_key) DO NOTHING`;
  return { sent: true };
}

/**
 * Job 'email' on the notifications queue: sent unless its email was switched off since it was queued, to the
 * user's address now: a job retried for hours (the mail server down) would otherwise tell of their appointments
 * an address they left. A user who no longer exists is sent nothing.
 */
export async function email(deps: WorkerDeps, job: Job): Promise<{ sent: boolean }> {
  const data = emailJobSchema.parse(job.data);
  const to = data.userId ? await currentAddressOf(deps, data.userId) : data.to;
  const result =
    to && (await stillWanted(deps, data, 'email')) ? await sendLoggedEmail(deps, { ...data, to }) : { sent: false };
  await markNoticeHandled(deps.sql, job.id); // its outbox row (notifications/outbox.ts) is done with
  return result;
}

async function currentAddressOf(deps: WorkerDeps, userId: number): Promise<string | undefined> {
  const [user] = await deps.sql<{ email: string }[]>`SELECT email FROM users WHERE id = ${userId}`;
  return user?.email;
}
