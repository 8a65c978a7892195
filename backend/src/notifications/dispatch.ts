import { EMAIL_JOB, IN_APP_JOB, type EmailJob, type InAppNotificationJob, type NotificationPreferences } from '@barber/shared';
import type { Deps } from '../plugins/deps';
import type { Notice, NoticeCategory } from './messages';
import type { BookingParties, Recipient } from './people';

export type NotifyDeps = Pick<Deps, 'config' | 'queues' | 'settings'>;

const EMAIL_SWITCH: Record<NoticeCategory, keyof NotificationPreferences> = {
  booking: 'emailBookingConfirmations',
  cancellation: 'emailCancellations',
  reminder: 'emailReminders',
};

export function wantsEmail(preferences: NotificationPreferences, category: NoticeCategory): boolean {
  return preferences[EMAIL_SWITCH[category]];
}

/** The plain-text email of a notice. */
export function emailText(notice: Notice, recipient: Recipient, options: { platformName: string; publicUrl?: string }): string {
  const firstName = recipient.name.trim().split(/\s+/)[0] || 'there';
  const path = notice.to === 'barber' ? '/barber/appointments' : '/bookings';
  const link = options.publicUrl ? `\n\nSee your bookings: ${options.publicUrl.replace(/\/$/, '')}${path}` : '';
  return `Hi ${firstName},\n\n${notice.body}${link}\n\n— ${options.platformName}\n`;
}

/**
 * Queues the in-app notification of each notice, and its email when the platform sends emails and the
 * recipient's preference for that kind of message is on. `sourceKey` names what caused them (an event
 * id, a reminder): job ids and the notifications' source keys derive from it, so handling the same
 * cause twice queues and stores nothing new.
 */
export async function dispatchNotices(
  deps: NotifyDeps,
  notices: Notice[],
  parties: BookingParties,
  cause: { sourceKey: string; bookingId: string | null },
): Promise<void> {
  const jobs = await noticeJobs(deps, notices, parties, cause);
  if (jobs.length) await deps.queues.notifications.addBulk(jobs);
}

export type NoticeJob =
  | { name: typeof IN_APP_JOB; data: InAppNotificationJob; opts: { jobId: string } }
  | { name: typeof EMAIL_JOB; data: EmailJob; opts: { jobId: string } };

/** The notification jobs of the notices (the reminder job runs them itself, so that Postgres records them before it is done). */
export async function noticeJobs(
  deps: Pick<NotifyDeps, 'config' | 'settings'>,
  notices: Notice[],
  parties: BookingParties,
  cause: { sourceKey: string; bookingId: string | null },
): Promise<NoticeJob[]> {
  if (notices.length === 0) return [];
  const settings = await deps.settings.get();
  const jobs: NoticeJob[] = [];
  for (const notice of notices) {
    const recipient = notice.to === 'customer' ? parties.customer : parties.barber;
    if (!recipient) continue;
    const key = `${cause.sourceKey}-${recipient.userId}-${notice.kind}`;
    jobs.push({
      name: IN_APP_JOB,
      data: { userId: recipient.userId, kind: notice.kind, title: notice.title, body: notice.body, bookingId: cause.bookingId, sourceKey: key },
      opts: { jobId: `inapp-${key}` },
    });
    if (settings.emailNotifications && wantsEmail(recipient.preferences, notice.category)) {
      const text = emailText(notice, recipient, { platformName: settings.platformName, publicUrl: deps.config.PUBLIC_URL });
      jobs.push({
        name: EMAIL_JOB,
        data: { userId: recipient.userId, to: recipient.email, subject: `${notice.title} - ${settings.platformName}`, text, sourceKey: `${key}-email` },
        opts: { jobId: `email-${key}` },
      });
    }
  }
  return jobs;
}
