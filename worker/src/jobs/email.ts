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

/** Job 'email' on the notifications queue: sent unless its email was switched off since it was queued. */
export async function email(deps: WorkerDeps, job: Job): Promise<{ sent: boolean }> {
  const data = emailJobSchema.parse(job.data);
  const result = (await stillWanted(deps, data, 'email')) ? await sendLoggedEmail(deps, data) : { sent: false };
  await markNoticeHandled(deps.sql, job.id); // its outbox row (notifications/outbox.ts) is done with
  return result;
}
