import { formatDistanceToNow } from 'date-fns';
import { Ban, CalendarPlus, CircleCheck, CreditCard, Navigation, Pencil } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { cn } from '../../../../lib/cn';
import { useAdminActivity, type ActivityItem } from '../../stores/activity';
import { activityTitle, activityTone, type ActivityTone } from '../../lib/activity';
import { formatInstant, money } from '../../lib/format';
import { LiveIndicator } from '../../../../components/LiveIndicator';
import { useNow } from '../../../../lib/useNow';

const toneStyle: Record<ActivityTone, { className: string; Icon: typeof Ban }> = {
  new: { className: 'bg-blue-100 text-blue-900', Icon: CalendarPlus },
  money: { className: 'bg-green-100 text-green-900', Icon: CreditCard },
  progress: { className: 'bg-indigo-100 text-indigo-900', Icon: Navigation },
  done: { className: 'bg-green-100 text-green-900', Icon: CircleCheck },
  cancel: { className: 'bg-red-100 text-red-900', Icon: Ban },
  neutral: { className: 'bg-zinc-100 text-zinc-800', Icon: Pencil },
};

function describe(item: ActivityItem): string {
  const who = [item.customerName, item.barberName ? `with ${item.barberName}` : null].filter(Boolean).join(' ');
  return [who, item.serviceName].filter(Boolean).join(' · ');
}

function FeedItem({ item, now }: { item: ActivityItem; now: number }) {
  const { className, Icon } = toneStyle[activityTone(item.type)];
  const at = new Date(item.at);
  const when = Number.isNaN(at.getTime()) ? '' : formatDistanceToNow(Math.min(at.getTime(), now), { addSuffix: true });
  // a refund's line shows what was refunded (a part, at times), the others the booking's price
  const amount =
    item.type === 'refunded'
      ? item.refundedAmount
      : item.type === 'created' || item.type === 'paid'
        ? item.totalAmount
        : null;
  return (
    <li
      className="flex gap-3 py-3"
      data-testid="activity-item"
      data-type={item.type}
      data-booking-id={item.bookingId ?? undefined}
    >
      <span
        className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:size-4', className)}
        aria-hidden="true"
      >
        <Icon />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-900">
          {activityTitle(item.type)}
          {amount && Number(amount) > 0 ? <span className="font-normal text-zinc-700"> · {money(amount)}</span> : null}
        </p>
        {describe(item) ? <p className="text-xs break-words text-zinc-600">{describe(item)}</p> : null}
        <p className="text-xs text-zinc-600">
          <time dateTime={item.at} title={formatInstant(item.at)}>
            {when}
          </time>
        </p>
      </div>
    </li>
  );
}

/** The latest platform events, newest first, updated live over the socket. */
export function ActivityFeed({ limit = 15 }: { limit?: number }) {
  const items = useAdminActivity((s) => s.items);
  const now = useNow();
  const shown = items.slice(0, limit);
  return (
    <Card className="h-full">
      <CardHeader className="pb-2">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-lg">Live Activity</CardTitle>
          <LiveIndicator />
        </div>
        <CardDescription>Latest platform events as they happen</CardDescription>
      </CardHeader>
      <CardContent>
        {/* additions only: the relative times re-rendered every 30 s ("3 minutes ago") are no news to read out */}
        <div role="log" aria-label="Platform activity" aria-relevant="additions">
          {shown.length === 0 ? <p className="py-6 text-center text-sm text-zinc-600">No activity yet</p> : null}
          <ul className="divide-y divide-zinc-100" data-testid="activity-feed">
            {shown.map((item) => (
              <FeedItem key={item.key} item={item} now={now} />
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
