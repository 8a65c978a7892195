import { useLiveStatus } from '../lib/socket';
import { cn } from '../lib/cn';

const labels = { live: 'Live', connecting: 'Connecting...', offline: 'Offline' } as const;

/** The state of the live connection (pushed updates arrive while Live), beside the admin activity feed and the barber's appointments. */
export function LiveIndicator({ className }: { className?: string }) {
  const status = useLiveStatus();
  // An administrator held for two-factor set-up has no live updates to wait for: nothing is missing.
  if (status === 'held') return null;
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-zinc-700', className)}
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
      {labels[status]}
    </span>
  );
}
