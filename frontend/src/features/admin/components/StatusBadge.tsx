import type { ReactNode } from 'react';
import { bookingStatusLabel } from '@barber/shared';
import { cn } from '../../../lib/cn';

const tones: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  en_route: 'bg-indigo-100 text-indigo-900',
  arrived: 'bg-violet-100 text-violet-900',
  in_progress: 'bg-purple-100 text-purple-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
  no_show: 'bg-zinc-200 text-zinc-900',
};

export function Badge({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        className,
      )}
    >
      {children}
    </span>
  );
}

/** The admin badge (lists, details, dashboard): every status by the shared admin label; an unknown one shows as Pending. */
export function AdminStatusBadge({ status }: { status: string }) {
  const label = bookingStatusLabel(status, 'admin');
  const tone = tones[status in tones ? status : 'pending'];
  return <Badge className={tone}>{label}</Badge>;
}
