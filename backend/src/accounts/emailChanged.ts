import { randomUUID } from 'node:crypto';
import { EMAIL_JOB } from '@barber/shared';
import { letter, type NoticeJob } from '../notifications/dispatch';

/**
 * The email to the address an account leaves when its email changes. Whoever holds a session can change the address
 * without the password (the specification's profile form has none), and every reset link then goes to the new one:
 * the owner hears of it at the address they still read. Sent to that address itself (no userId: the email job would
 * send it to the account's address now), whatever the notification preferences: it is about the account's safety.
 */
export function emailChangedNotice(change: {
  userId: number;
  fullName: string;
  oldEmail: string;
  newEmail: string;
  platformName: string;
}): NoticeJob {
  const id = `email-changed-${change.userId}-${randomUUID()}`;
  const text = letter(
    change.fullName,
    `The email address of your ${change.platformName} account was changed from this address to ${change.newEmail}.\n\n` +
      'If you made this change, there is nothing to do. If you did not, someone else may be signed in to your account: ' +
      `contact ${change.platformName} support at once so that it can be secured.`,
    change.platformName,
  );
  return {
    name: EMAIL_JOB,
    data: { userId: null, to: change.oldEmail, subject: 'Your email address was changed', text, sourceKey: id },
    opts: { jobId: id },
  };
}
