import { PASSWORD_RESET_TTL_MINUTES, passwordResetJobSchema } from '@barber/shared';
import type { Job } from 'bullmq';
import type { WorkerDeps } from '../deps';
import { sendLoggedEmail } from './email';

/** Job 'password-reset' on the notifications queue: emails the one-time reset link (docs/design.md §9). */
export async function passwordReset(deps: WorkerDeps, job: Job): Promise<{ sent: boolean }> {
  const { userId, email, resetUrl } = passwordResetJobSchema.parse(job.data);
  const { platformName } = await deps.settings.get();
  const text =
    `Hi,\n\nWe received a request to reset the password of your ${platformName} account.\n` +
    `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password:\n\n${resetUrl}\n\n` +
    `If you did not ask for this, you can ignore this email: your password stays the same.\n\n— ${platformName}\n`;
  return sendLoggedEmail(deps, {
    userId,
    to: email,
    subject: `Reset your password - ${platformName}`,
    text,
    sourceKey: `password-reset-${job.id ?? resetUrl}`,
  });
}
