import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { BellPlus, Check } from 'lucide-react';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast';
import { errorMessage, isApiError } from '../../lib/api';
import { useCurrentUser } from '../../stores/session';
import { joinWaitlist, WAITLIST_QUERY } from '../../stores/waitlist';

export const NOTIFY_ME_TEXT = 'Notify me when a slot opens';

/**
 * Joins the barber's waitlist for the day (customers; a visitor is sent to sign in first). Shown where
 * the chosen day has nothing free: the booking widget, and the search when nobody is free.
 */
export function NotifyMeButton({
  barberId,
  barberName,
  date,
  serviceId,
  zipcode,
  startTime,
  endTime,
  variant = 'outline',
}: {
  barberId: number;
  barberName?: string;
  date: string;
  serviceId?: number | null;
  zipcode?: string | null;
  startTime?: string;
  endTime?: string;
  variant?: 'outline' | 'default';
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [state, setState] = useState<'idle' | 'busy' | 'joined'>('idle');
  const key = `${barberId}:${date}`;
  const [joinedKey, setJoinedKey] = useState<string | null>(null);
  const joined = state === 'joined' && joinedKey === key;

  if (user && user.role !== 'customer') return null;

  if (joined) {
    return (
      <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
        <Check className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          You are on the waitlist{barberName ? ` of ${barberName}` : ''}. We will tell you as soon as a slot opens.{' '}
          <Link href="/bookings#waitlist" className="font-medium underline underline-offset-2">
            See your waitlist
          </Link>
        </span>
      </p>
    );
  }

  const join = async () => {
    if (!user) {
      toast({
        title: 'Authentication required',
        description: 'Please sign in to join the waitlist',
        variant: 'destructive',
      });
      navigate(`/login?redirect=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`);
      return;
    }
    setState('busy');
    try {
      await joinWaitlist({
        barberId,
        date,
        ...(serviceId ? { serviceId } : {}),
        ...(zipcode && /^\d{5}$/.test(zipcode) ? { zipcode } : {}),
        ...(startTime ? { startTime } : {}),
        ...(endTime ? { endTime } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY });
      setJoinedKey(key);
      setState('joined');
    } catch (error) {
      if (isApiError(error) && error.status === 409 && /already on the waitlist/.test(errorMessage(error))) {
        setJoinedKey(key);
        setState('joined');
        return;
      }
      toast({
        title: 'Could not join the waitlist',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      setState('idle');
    }
  };

  return (
    <Button
      type="button"
      variant={variant}
      onClick={() => void join()}
      disabled={state === 'busy'}
      aria-busy={state === 'busy'}
      aria-label={barberName ? `${NOTIFY_ME_TEXT}: ${barberName}` : undefined}
    >
      <BellPlus aria-hidden="true" />
      {state === 'busy' ? 'Joining...' : NOTIFY_ME_TEXT}
    </Button>
  );
}
