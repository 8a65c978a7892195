import {
  EMAIL_JOB,
  IN_APP_JOB,
  type EmailJob,
  type InAppNotificationJob,
  type NoticeCategory,
  type NotificationPreferences,
  type PlatformSettings,
} from '@barber/shared';
import type { Deps } from '../plugins/deps';
import type { Notice } from './messages';
import { queueNotices } from './outbox';
import { preferencesOfUsers, type BookingParties, type Recipient } from './people';

export type NotifyDeps = Pick<Deps, 'config' | 'queues' | 'settings' | 'sql'>;

const EMAIL_SWITCH: Record<NoticeCategory, keyof NotificationPreferences> = {
  booking: 'emailBookingConfirmations',
  cancellation: 'emailCancellations',
  reminder: 'emailReminders',
};

export function wantsEmail(preferences: NotificationPreferences, category: NoticeCategory): boolean {
  return preferences[EMAIL_SWITCH[category]];
}

type Switches = Pick<PlatformSettings, 'emailNotifications' | 'pushNotifications' | 'bookingNotifications'>;

/**
 * Where a notice goes. The platform's switches act on everyone: "Booking Alerts" off stops the notices
 * of new and changed bookings (reminders have their own preference), "Push Notifications" off stops
 * in-app notifications; the recipient's own "Push notifications" preference stops theirs.
 */
export function channelsFor(
  settings: Switches,
  preferences: NotificationPreferences,
  category: NoticeCategory,
): { inApp: boolean; email: boolean } {
  if (!settings.bookingNotifications && category !== 'reminder') return { inApp: false, email: false };
  return {
    inApp: settings.pushNotifications && preferences.pushNotifications,
    email: settings.emailNotifications && wantsEmail(preferences, category),
  };
}

/**
 * Whether a notification job queued earlier may still go out on its channel: the platform's switches and the user's
 * preferences may have changed while it waited (a mail server down, its retries, the outbox sweeper). A job without
 * a category (queued before jobs carried one) goes.
 */
export async function stillWanted(
  deps: Pick<Deps, 'sql' | 'settings'>,
  job: { userId?: number | null; category?: NoticeCategory | undefined },
  channel: 'inApp' | 'email',
): Promise<boolean> {
  if (!job.category || !job.userId) return true;
  const [settings, preferences] = await Promise.all([deps.settings.get(), preferencesOfUsers(deps.sql, [job.userId])]);
  return channelsFor(settings, preferences.get(job.userId)!, job.category)[channel];
}

/** A plain-text email to a person: greeted by their first name ('there' when they have none), signed by the platform. */
export function letter(name: string, body: string, platformName: string): string {
  const firstName = name.trim().split(/\s+/)[0] || 'there';
  return `Hi ${firstName},\n\n${body}\n\n— ${platformName}\n`;
}

/** The plain-text email of a notice. */
export function emailText(
  notice: Notice,
  recipient: Recipient,
  options: { platformName: string; publicUrl?: string },
): string {
  const path = notice.to === 'barber' ? '/barber/appointments' : '/bookings';
  const link = options.publicUrl ? `\n\nSee your bookings: ${options.publicUrl.replace(/\/$/, '')}${path}` : '';
  return letter(recipient.name, `${notice.body}${link}`, options.platformName);
}

/**
 * Queues (through the outbox) the in-app notification and the email of each notice, as the platform's switches and the
 * recipient's preferences say (channelsFor). `sourceKey` names what caused them (an event
 * id, a reminder): job ids and the notifications' source keys derive from it, so handling the same
 * cause twice queues and stores nothing new.
 */
export async function dispatchNotices(
  deps: NotifyDeps,
  notices: Notice[],
  parties: BookingParties,
  cause: { sourceKey: string; bookingId: string | null },
): Promise<void> {
  await queueNotices(deps, await noticeJobs(deps, notices, parties, cause));
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
    const channels = channelsFor(settings, recipient.preferences, notice.category);
    if (channels.inApp) {
      jobs.push({
        name: IN_APP_JOB,
        data: {
          userId: recipient.userId,
          kind: notice.kind,
          title: notice.title,
          body: notice.body,
          bookingId: cause.bookingId,
          sourceKey: key,
          category: notice.category,
        },
        opts: { jobId: `inapp-${key}` },
      });
    }
    if (channels.email) {
      const text = emailText(notice, recipient, {
        platformName: settings.platformName,
        publicUrl: deps.config.PUBLIC_URL,
      });
      jobs.push({
        name: EMAIL_JOB,
        data: {
          userId: recipient.userId,
          to: recipient.email,
          subject: `${notice.title} - ${settings.platformName}`,
          text,
          sourceKey: `${key}-email`,
          category: notice.category,
        },
        opts: { jobId: `email-${key}` },
      });
    }
  }
  return jobs;
}
