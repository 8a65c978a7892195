import { useLiveStatus } from '../../../../lib/socket';
import { cn } from '../../../../lib/cn';

const TEXT = { live: 'Live', connecting: 'Connecting...', offline: 'Offline' } as const;

/** Whether pushed updates are arriving (the list updates without a reload while Live). */
export function LiveBadge() {
  const status = useLiveStatus();
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs font-medium text-zinc-700"
      data-testid="live-status"
      data-status={status}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'live' ? 'bg-green-600' : status === 'connecting' ? 'bg-amber-500' : 'bg-zinc-400',
        )}
      />
      {TEXT[status]}
    </span>
  );
}
