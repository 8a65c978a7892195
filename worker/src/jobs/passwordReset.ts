import { PASSWORD_RESET_TTL_MINUTES, passwordResetJobSchema } from '@barber/shared';
import { markNoticeHandled } from '@barber/backend/notifications/outbox';
import { openResetUrl, resetLinkLive } from '@barber/backend/platform/resetLink';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';
import { sendLoggedEmail } from './email';

/**
 * Job 'password-reset' on the notifications queue: emails the one-time reset link (docs/design.md §9), opened
 * from its seal (backend/src/platform/resetLink.ts), once per job and only while the link can still be used;
 * then its outbox row is done with.
 */
export async function passwordReset(deps: WorkerDeps, job: Job): Promise<{ sent: boolean }> {
  const { userId, email, sealedResetUrl } = passwordResetJobSchema.parse(job.data);
  const resetUrl = openResetUrl(deps.config, sealedResetUrl);
  // Sealed under another SESSION_SECRET (it changed) or altered, or used, expired or overtaken: no retry can
  // send anything useful, so the outbox row is done with; the user asks again.
  if (!resetUrl || !(await resetLinkLive(deps.sql, resetUrl))) {
    if (!resetUrl) deps.log?.error({ jobId: job.id, userId }, 'password reset link could not be opened; no email sent');
    await markNoticeHandled(deps.sql, job.id);
    return { sent: false };
  }
  const { platformName } = await deps.settings.get();
  const text =
    `Hi,\n\nWe received a request to reset the password of your ${platformName} account.\n` +
    `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:\n\n${resetUrl}\n\n` +
    `If you did not ask for this, you can ignore this email: your password stays the same.\n\n— ${platformName}\n`;
  const result = await sendLoggedEmail(deps, {
    userId,
    to: email,
    subject: `Reset your password - ${platformName}`,
    text,
    sourceKey: job.id ?? `password-reset-${sealedResetUrl}`,
  });
  await markNoticeHandled(deps.sql, job.id);
  return result;
}
