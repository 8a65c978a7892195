import type { LiveStatusAnswer } from '@barber/shared';
import { formatDistanceStrict } from 'date-fns';
import { Clock } from 'lucide-react';

const duration = (ms: number) => formatDistanceStrict(0, ms);

/** "Live updates delayed": shown only while the server reports live updates or notifications late. */
export function LiveDelayNotice({ status }: { status: LiveStatusAnswer | undefined }) {
  const live = status?.liveUpdates?.delayed ? status.liveUpdates : null;
  const notifications = status?.notifications?.delayed ? status.notifications : null;
  if (!live && !notifications) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="space-y-1">
        {live ? (
          <p>
            <span className="font-semibold">Live updates delayed</span> by {duration(live.lagMs)}: changes since then
            may not show here or on other screens yet.{' '}
            {live.consecutiveFailures > 0
              ? 'The server cannot read the event log right now.'
              : live.oldestBlockingXactAgeMs !== null
                ? `A database transaction open for ${duration(live.oldestBlockingXactAgeMs)} is holding ${live.behindEvents} ${live.behindEvents === 1 ? 'change' : 'changes'} back.`
                : null}
          </p>
        ) : null}
        {notifications ? (
          <p>
            <span className="font-semibold">Emails and reminders delayed</span> by {duration(notifications.lagMs)}:{' '}
            {notifications.behindEvents} booking {notifications.behindEvents === 1 ? 'change waits' : 'changes wait'}{' '}
            for the notification worker.
          </p>
        ) : null}
      </div>
    </div>
  );
}
